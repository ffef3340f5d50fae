import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import * as v from 'valibot';
import { SUBMITTED_MESSAGE } from '../../src/catalogue/messages';
import { CONFLICT_MESSAGES, answerLabel } from '../../src/catalogue/answerMessages';
import type { Db } from '../../db/connection';
import {
  chooseTab,
  findApplication,
  listAddAnother,
  listTabs,
  listWebStatus,
  recordWebStatus,
  saveAddAnother,
  saveLastPage,
  saveValidationReport,
  submitApplication,
} from '../../db/applications';
import { ADD_ANOTHER_GROUPS, PAGES, TAB_GROUPS, slotKeys } from '../../src/catalogue/questions';
import { descKey, type AnswerValue } from '../../src/catalogue/dataModel';
import { validateAnswerPayload, validateApplication } from '../../src/catalogue/schema';
import { phoneRulesReady } from '../../src/catalogue/schema/phone';
import type { CollegeConfig } from '../../src/college/schema';
import { profileBody } from '../application/profile';
import { applicationReference } from '../application/reference';
import type { AnswerStore } from '../application/answerStore';
import { DOCUMENT_MESSAGES } from '../documents/messages';
import { refuseSubmitWhileConverting } from '../documents/submitGuard';
import type { Clock } from '../clock';
import { HttpError, badRequest } from '../http/errors';
import { readJsonObject } from '../http/jsonBody';
import { currentSession, requireSession, type SessionState } from '../http/session';
import { parseOrReject } from '../http/validate';
import { addAnotherDefaults, tabDefaults } from '../application/groups';
import { VALIDATION_REPORT_LIMITS, checkValidationReport } from '../application/validationReport';

export const APPLICATION_MESSAGES = {
  saved: 'Your answers were saved.',
  alreadySubmitted: 'Your application has already been submitted and can no longer be changed.',
  missingInformation: "We're missing some information!",
  submitted: SUBMITTED_MESSAGE,
  changedDuringSubmit: 'Your answers changed while the application was being submitted. Please submit again.',
  notStarted: 'The application has to be started before it can be checked.',
  submitFirst: 'The application has to be submitted with the Submit button.',
  // Named by their labels, as the form shows them; the keys go along in `conflicts` for the page.
  conflict: (keys: readonly string[]) => CONFLICT_MESSAGES.server(keys.map(answerLabel)),
} as const;

const ROUTES = PAGES.map((page) => page.route);

const lastPageSchema = v.object({
  last_page: v.pipe(
    v.string('last_page must be a page of the application.'),
    v.picklist(ROUTES, 'last_page must be a page of the application.'),
  ),
});
const webStatusSchema = v.object({
  web_status: v.picklist(['started', 'validating', 'submitted'], 'web_status must be started, validating or submitted.'),
});
const addAnotherSchema = v.object({
  button_id: v.string('button_id is required.'),
  num_components: v.pipe(v.number('num_components must be a whole number.'), v.integer('num_components must be a whole number.')),
});
const tabSchema = v.object({ tab_id: v.string('tab_id is required.'), chosen_tab: v.string('chosen_tab is required.') });

/**
 * The version a client last saw, sent as `If-Match: "12"` (or 12). Without it a save simply
 * merges; with it a save that would overwrite a newer change is refused with 409.
 */
function baseVersionOf(header: string): number | undefined {
  if (header === '') return undefined;
  const match = /^(?:W\/)?"?(\d{1,15})"?$/.exec(header.trim());
  if (!match) throw badRequest('If-Match must be the answers version, such as "12".');
  return Number(match[1]);
}

export interface ApplicationDeps {
  db: Db;
  clock: Clock;
  college: CollegeConfig;
  answers: AnswerStore;
  /** Told once an application is submitted (the applicant's receipt mail). */
  onSubmitted?: (submission: { username: string; reference: string; submittedAt: number }) => void;
}

/**
 * The two calls every applicant makes constantly (each page load, each navigation), as plain
 * middleware: the routers mount them, and `hotApplicationRoutes` answers them by exact path
 * without walking every router first.
 */
function profileRoute(deps: ApplicationDeps): Middleware<SessionState> {
  const { db, answers } = deps;
  return (ctx) => {
    const session = currentSession(ctx);
    ctx.type = 'application/json';
    ctx.body = profileBody(db, answers, session.userId, session.username);
  };
}

function saveAnswersRoute(deps: ApplicationDeps): Middleware<SessionState> {
  const { clock, college, answers } = deps;
  return async (ctx) => {
    const session = currentSession(ctx);
    const checked = validateAnswerPayload(await readJsonObject(ctx), college);
    if (!checked.ok) throw badRequest(checked.message, checked.key ? { key: checked.key } : {});
    const result = await answers.save(session.userId, checked.answers, clock.now(), baseVersionOf(ctx.get('if-match')));
    if (result.status === 'conflict') {
      throw new HttpError(409, APPLICATION_MESSAGES.conflict(result.keys), { conflicts: result.keys, version: result.version });
    }
    if (result.status === 'submitted') throw new HttpError(409, APPLICATION_MESSAGES.alreadySubmitted);
    if (result.status === 'missing') throw new HttpError(404, 'No application was found for this account.');
    if (result.status === 'refused') throw badRequest(result.message, { key: result.key });
    ctx.body = { message: APPLICATION_MESSAGES.saved, version: result.version };
  };
}

/** The same handlers behind the same session check, keyed by `METHOD path` for `exactRoutes`. */
export function hotApplicationRoutes(deps: ApplicationDeps): Record<string, Middleware<SessionState>> {
  const withSession =
    (route: Middleware<SessionState>): Middleware<SessionState> =>
    async (ctx, next) => {
      await requireSession(ctx, async () => {
        await route(ctx, next);
      });
    };
  return {
    'GET /api/profile': withSession(profileRoute(deps)),
    'PUT /api/answer': withSession(saveAnswersRoute(deps)),
  };
}

/** The /api calls of section 7 for a logged-in applicant. Every one needs a session (401 otherwise). */
export function applicationRoutes(deps: ApplicationDeps): Router<SessionState> {
  const { db, clock, college, answers } = deps;
  const router = new Router<SessionState>();
  router.use('/api', requireSession);

  router.get('/api/profile', profileRoute(deps));
  router.put('/api/answer', saveAnswersRoute(deps));

  router.put('/api/last-page', async (ctx) => {
    const { last_page } = parseOrReject(lastPageSchema, await readJsonObject(ctx));
    saveLastPage(db, currentSession(ctx).userId, last_page, clock.now());
    ctx.body = { message: 'Saved.' };
  });

  router.post('/api/web-status', async (ctx) => {
    const { web_status } = parseOrReject(webStatusSchema, await readJsonObject(ctx));
    const { userId } = currentSession(ctx);
    const known = new Set(listWebStatus(db, userId).map((entry) => entry.web_status));
    // Statuses only move forward: validating needs a started application, and only a real submission submits.
    if (web_status === 'validating' && !known.has('started')) throw new HttpError(409, APPLICATION_MESSAGES.notStarted);
    if (web_status === 'submitted' && !known.has('submitted')) throw new HttpError(409, APPLICATION_MESSAGES.submitFirst);
    recordWebStatus(db, userId, web_status, clock.now());
    ctx.body = { message: 'Saved.', web_status: listWebStatus(db, userId) };
  });

  // Only the latest report is kept, and a report too large or too wide is refused before it costs anything.
  router.post('/api/validations', async (ctx) => {
    const report = checkValidationReport(await readJsonObject(ctx, { maxBytes: VALIDATION_REPORT_LIMITS.maxBytes }));
    saveValidationReport(db, currentSession(ctx).userId, JSON.stringify(report), clock.now());
    ctx.body = { message: 'Saved.' };
  });

  router.post('/api/submit', async (ctx) => {
    // Phone numbers from abroad are judged by their library, which loads on its own.
    await phoneRulesReady;
    const { userId } = currentSession(ctx);
    const application = findApplication(db, userId);
    if (!application) throw new HttpError(404, 'No application was found for this account.');
    if (application.submitted_at !== null) throw new HttpError(409, APPLICATION_MESSAGES.alreadySubmitted);
    refuseSubmitWhileConverting(db, userId);
    const now = clock.now();
    const errors = validateApplication(answers.read(userId, 'full') ?? {}, {
      essayLimit: college.essayLimit,
      now: new Date(now),
    });
    if (errors.length > 0) throw new HttpError(422, APPLICATION_MESSAGES.missingInformation, { errors });
    const outcome = submitApplication(db, userId, application.version, now);
    if (outcome === 'already-submitted') throw new HttpError(409, APPLICATION_MESSAGES.alreadySubmitted);
    if (outcome === 'changed') throw new HttpError(409, APPLICATION_MESSAGES.changedDuringSubmit);
    const reference = applicationReference(userId, now);
    deps.onSubmitted?.({ username: currentSession(ctx).username, reference, submittedAt: now });
    ctx.body = { message: APPLICATION_MESSAGES.submitted, submitted_at: now, reference };
  });

  router.get('/api/add-another', (ctx) => {
    ctx.body = { ...addAnotherDefaults(), ...listAddAnother(db, currentSession(ctx).userId) };
  });

  router.put('/api/add-another', async (ctx) => {
    const { button_id, num_components } = parseOrReject(addAnotherSchema, await readJsonObject(ctx));
    const group = ADD_ANOTHER_GROUPS.find((candidate) => candidate.buttonId === button_id);
    if (!group) throw badRequest(`Unknown add-another button: ${button_id}.`);
    if (num_components < 1 || num_components > group.max) {
      throw badRequest(`num_components for ${button_id} must be between 1 and ${group.max}.`);
    }
    const { userId } = currentSession(ctx);
    // A submitted application keeps its items, as it keeps its answers and tabs.
    if (findApplication(db, userId)?.submitted_at != null) throw new HttpError(409, APPLICATION_MESSAGES.alreadySubmitted);
    // A smaller count removes items; their answers go with them (never left hidden in the
    // application, its export or the staff view). The page moved later items down before. A
    // larger count adds empty items: anything stored there before is cleared, never shown unchecked.
    const before = listAddAnother(db, userId)[button_id] ?? 1;
    if (num_components !== before) {
      const stored = answers.read(userId, 'masked') ?? {};
      const dropped: Record<string, AnswerValue> = {};
      for (let slot = Math.min(num_components, before); slot < Math.max(num_components, before); slot += 1) {
        for (const key of slotKeys(group, slot)) {
          if ((stored[key] ?? '') !== '') dropped[key] = '';
          if ((stored[descKey(key)] ?? '') !== '') dropped[descKey(key)] = '';
        }
      }
      if (Object.keys(dropped).length > 0) {
        const outcome = await answers.save(userId, dropped, clock.now());
        if (outcome.status === 'submitted') throw new HttpError(409, APPLICATION_MESSAGES.alreadySubmitted);
        if (outcome.status === 'refused') throw badRequest(outcome.message, { key: outcome.key });
      }
    }
    saveAddAnother(db, userId, button_id, num_components);
    ctx.body = { message: 'Saved.', button_id, num_components };
  });

  router.get('/api/tabs', (ctx) => {
    ctx.body = { ...tabDefaults(), ...listTabs(db, currentSession(ctx).userId) };
  });

  router.put('/api/tabs', async (ctx) => {
    const { tab_id, chosen_tab } = parseOrReject(tabSchema, await readJsonObject(ctx));
    const group = TAB_GROUPS.find((candidate) => candidate.tabId === tab_id);
    if (!group) throw badRequest(`Unknown tab group: ${tab_id}.`);
    const chosen = group.tabs.find((tab) => tab.id === chosen_tab);
    if (!chosen) throw badRequest(`Unknown tab for ${tab_id}: ${chosen_tab}.`);
    const cleared = group.tabs.filter((tab) => tab.id !== chosen_tab).flatMap((tab) => tab.clears);
    const outcome = chooseTab(db, currentSession(ctx).userId, tab_id, chosen_tab, cleared, clock.now());
    if (outcome === 'submitted') throw new HttpError(409, APPLICATION_MESSAGES.alreadySubmitted);
    if (outcome === 'busy') throw new HttpError(409, DOCUMENT_MESSAGES.uploadInProgress);
    ctx.body = { message: 'Saved.', tab_id, chosen_tab, cleared };
  });

  return router;
}
