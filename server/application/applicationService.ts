import type { Db } from '../../db/connection';
import {
  chooseTab as storeChosenTab,
  findApplication,
  listAddAnother,
  listTabs,
  listWebStatus,
  recordWebStatus as storeWebStatus,
  saveAddAnother,
  saveLastPage,
  saveValidationReport,
  submitApplication,
} from '../../db/applications';
import { CONFLICT_MESSAGES, answerLabel } from '../../src/catalogue/answerMessages';
import { descKey, type AnswerValue, type Answers } from '../../src/catalogue/dataModel';
import { SUBMITTED_MESSAGE } from '../../src/catalogue/messages';
import { ADD_ANOTHER_GROUPS, TAB_GROUPS, slotKeys } from '../../src/catalogue/questions';
import { validateApplication } from '../../src/catalogue/schema';
import { phoneRulesReady } from '../../src/catalogue/schema/phone';
import type { CollegeConfig } from '../../src/college/schema';
import type { Clock } from '../clock';
import { DOCUMENT_MESSAGES } from '../documents/messages';
import { refuseSubmitWhileConverting } from '../documents/submitGuard';
import { HttpError, badRequest } from '../http/errors';
import type { AnswerStore } from './answerStore';
import { addAnotherDefaults, tabDefaults } from './groups';
import { profileBody } from './profile';
import { applicationReference } from '../../src/catalogue/reference';
import type { ValidationReport } from './validationReport';

export const APPLICATION_SERVICE_MESSAGES = {
  saved: 'Your answers were saved.',
  alreadySubmitted: 'Your application has already been submitted and can no longer be changed.',
  missingInformation: "We're missing some information!",
  submitted: SUBMITTED_MESSAGE,
  changedDuringSubmit: 'Your answers changed while the application was being submitted. Please submit again.',
  notStarted: 'The application has to be started before it can be checked.',
  submitFirst: 'The application has to be submitted with the Submit button.',
  noApplication: 'No application was found for this account.',
  // Named by their labels, as the form shows them; the keys go along in `conflicts` for the page.
  conflict: (keys: readonly string[]) => CONFLICT_MESSAGES.server(keys.map(answerLabel)),
} as const;

export type WebStatus = 'started' | 'validating' | 'submitted';

export interface ApplicationDeps {
  db: Db;
  clock: Clock;
  college: CollegeConfig;
  answers: AnswerStore;
  /** Told once an application is submitted (the applicant's receipt mail). */
  onSubmitted?: (submission: { username: string; reference: string; submittedAt: number }) => void;
}

/** Who is asking: the applicant of the session. */
interface Applicant {
  userId: number;
  username: string;
}

const alreadySubmitted = () => new HttpError(409, APPLICATION_SERVICE_MESSAGES.alreadySubmitted);

/**
 * What an applicant does with their application, with the rules that hold whoever calls: a
 * submitted application no longer changes; web statuses only move forward; a group's count
 * decides which of its items hold answers; a tab's choice clears what the other tabs held.
 * Refusals are HTTP errors with the words the page shows.
 */
export function createApplicationService(deps: ApplicationDeps) {
  const { db, clock, college, answers } = deps;

  return {
    profile: ({ userId, username }: Applicant) => profileBody(db, answers, userId, username),

    /**
     * Saves answers merged into the stored ones. With the version the page last saw, a save that
     * would overwrite a newer change from elsewhere is refused, naming the answers in question.
     */
    async saveAnswers({ userId }: Applicant, changes: Record<string, AnswerValue>, baseVersion: number | undefined) {
      const result = await answers.save(userId, changes, clock.now(), baseVersion);
      if (result.status === 'conflict') {
        throw new HttpError(409, APPLICATION_SERVICE_MESSAGES.conflict(result.keys), { conflicts: result.keys, version: result.version });
      }
      if (result.status === 'submitted') throw alreadySubmitted();
      if (result.status === 'missing') throw new HttpError(404, APPLICATION_SERVICE_MESSAGES.noApplication);
      if (result.status === 'refused') throw badRequest(result.message, { key: result.key });
      return { version: result.version };
    },

    saveLastPage: ({ userId }: Applicant, page: string) => saveLastPage(db, userId, page, clock.now()),

    /** Statuses only move forward: validating needs a started application, and only a real submission submits. */
    recordWebStatus({ userId }: Applicant, status: WebStatus) {
      const known = new Set(listWebStatus(db, userId).map((entry) => entry.web_status));
      if (status === 'validating' && !known.has('started')) throw new HttpError(409, APPLICATION_SERVICE_MESSAGES.notStarted);
      if (status === 'submitted' && !known.has('submitted')) throw new HttpError(409, APPLICATION_SERVICE_MESSAGES.submitFirst);
      storeWebStatus(db, userId, status, clock.now());
      return listWebStatus(db, userId);
    },

    /** Only the latest report is kept. */
    saveValidationReport: ({ userId }: Applicant, report: ValidationReport) =>
      saveValidationReport(db, userId, JSON.stringify(report), clock.now()),

    /**
     * Submits once, when every rule holds on what is stored and no document is still converting;
     * answers that changed meanwhile ask for another try.
     */
    async submit({ userId, username }: Applicant) {
      // Phone numbers from abroad are judged by their library, which loads on its own.
      await phoneRulesReady;
      const application = findApplication(db, userId);
      if (!application) throw new HttpError(404, APPLICATION_SERVICE_MESSAGES.noApplication);
      if (application.submitted_at !== null) throw alreadySubmitted();
      refuseSubmitWhileConverting(db, userId);
      const now = clock.now();
      const errors = validateApplication(answers.read(userId, 'full') ?? {}, { essayLimit: college.essayLimit, now: new Date(now) });
      if (errors.length > 0) throw new HttpError(422, APPLICATION_SERVICE_MESSAGES.missingInformation, { errors });
      const outcome = submitApplication(db, userId, application.version, now);
      if (outcome === 'already-submitted') throw alreadySubmitted();
      if (outcome === 'changed') throw new HttpError(409, APPLICATION_SERVICE_MESSAGES.changedDuringSubmit);
      const reference = applicationReference(userId, now);
      deps.onSubmitted?.({ username, reference, submittedAt: now });
      return { submittedAt: now, reference };
    },

    addAnotherCounts: ({ userId }: Applicant): Record<string, number> => ({ ...addAnotherDefaults(), ...listAddAnother(db, userId) }),

    /**
     * A smaller count removes items, and their answers go with them (never left hidden in the
     * application, its export or the staff view); the page moved later items down before. A larger
     * count adds empty items: anything stored there before is cleared, never shown unchecked. A
     * submitted application keeps its items, as it keeps its answers and tabs.
     */
    async setAddAnotherCount({ userId }: Applicant, buttonId: string, count: number) {
      const group = ADD_ANOTHER_GROUPS.find((candidate) => candidate.buttonId === buttonId);
      if (!group) throw badRequest(`Unknown add-another button: ${buttonId}.`);
      if (count < 1 || count > group.max) throw badRequest(`num_components for ${buttonId} must be between 1 and ${group.max}.`);
      if (findApplication(db, userId)?.submitted_at != null) throw alreadySubmitted();
      const before = listAddAnother(db, userId)[buttonId] ?? 1;
      if (count !== before) {
        const stored: Answers = answers.read(userId, 'masked') ?? {};
        const dropped: Record<string, AnswerValue> = {};
        for (let slot = Math.min(count, before); slot < Math.max(count, before); slot += 1) {
          for (const key of slotKeys(group, slot)) {
            if ((stored[key] ?? '') !== '') dropped[key] = '';
            if ((stored[descKey(key)] ?? '') !== '') dropped[descKey(key)] = '';
          }
        }
        if (Object.keys(dropped).length > 0) {
          const outcome = await answers.save(userId, dropped, clock.now());
          if (outcome.status === 'submitted') throw alreadySubmitted();
          if (outcome.status === 'refused') throw badRequest(outcome.message, { key: outcome.key });
        }
      }
      saveAddAnother(db, userId, buttonId, count);
    },

    tabs: ({ userId }: Applicant): Record<string, string> => ({ ...tabDefaults(), ...listTabs(db, userId) }),

    /** Choosing a tab clears what its other tabs held; not while a document of the group uploads. */
    chooseTab({ userId }: Applicant, tabId: string, chosenTab: string) {
      const group = TAB_GROUPS.find((candidate) => candidate.tabId === tabId);
      if (!group) throw badRequest(`Unknown tab group: ${tabId}.`);
      if (!group.tabs.some((tab) => tab.id === chosenTab)) throw badRequest(`Unknown tab for ${tabId}: ${chosenTab}.`);
      const cleared = group.tabs.filter((tab) => tab.id !== chosenTab).flatMap((tab) => tab.clears);
      const outcome = storeChosenTab(db, userId, tabId, chosenTab, cleared, clock.now());
      if (outcome === 'submitted') throw alreadySubmitted();
      if (outcome === 'busy') throw new HttpError(409, DOCUMENT_MESSAGES.uploadInProgress);
      return { cleared };
    },
  };
}
