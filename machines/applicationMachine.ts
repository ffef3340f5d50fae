import { assign, enqueueActions, setup, spawnChild } from 'xstate';
import type { AnswerValue } from '../src/catalogue/dataModel';
import { DOCUMENT_KEYS } from '../src/catalogue/questions';
import { addAnotherMachine } from './addAnotherMachine';
import type { AnswersInput, AnswersKept } from './answersContext';
import { answersMachine } from './answersMachine';
import { clearGuardMachine } from './clearGuardMachine';
import type { WebStatus } from './coreEvents';
import type { DocumentInfo } from './documentFiles';
import type { StaffAccess } from './api/endpoints';
import { documentMachine } from './documentMachine';
import { staffDocumentMachine } from './staffDocumentMachine';
import { lookupMachine } from './lookupMachine';
import type { ReleasedDecision } from './api/responses';
import { decisionLetterMachine } from './decisionLetterMachine';
import { pdfCopyMachine } from './pdfCopyMachine';
import { submitMachine } from './submitMachine';
import { tabsMachine } from './tabsMachine';
import type { Role } from './roles';
import { DEFAULT_ROUTE } from './routes';
import { SYSTEM_IDS, documentSystemId } from './systemIds';
import { validationMachine } from './validationMachine';

/**
 * What staff see beside the answers: the add-another counts, the chosen tabs, the documents, and how
 * they reach the documents (the staff link's token, or their console session).
 */
export interface StaffCopy {
  access: StaffAccess;
  counts: Record<string, number>;
  tabs: Record<string, string>;
  documents: Record<string, DocumentInfo | null>;
}

/**
 * What the root knows when it spawns the application for a session: who is using the app, the
 * answers the server or the prefill link gave (with the server's version and the applicant's
 * username), the college's essay limit, and for staff the rest of the staff copy.
 */
export interface ApplicationInput {
  role: Role;
  answers: Record<string, AnswerValue>;
  version?: number;
  owner?: string;
  essayLimit: number;
  /** The applicant's web status as the session starts (the web status actor tells later changes). */
  webStatus: WebStatus;
  staff?: StaffCopy;
  /** The decision letter a release sent the applicant, as the profile gave it. */
  decision?: ReleasedDecision | null;
}

/** Where the answers actor keeps a change, for who is using the app. */
const KEPT: Record<Role, AnswersKept> = { visitor: 'onDevice', applicant: 'onServer', staff: 'fixed' };

interface ApplicationContext {
  role: Role;
  essayLimit: number;
  webStatus: WebStatus;
  staff: StaffCopy | undefined;
  decision: ReleasedDecision | null;
  /** The answers to start with, until the answers actor has them: from then on it alone holds them. */
  given: AnswersInput | null;
}

/**
 * One applicant's, visitor's or staff member's application, for one session: the root spawns it
 * once it knows who is using the app and has loaded what they need, and stops it when the session
 * changes. It owns the form actors: the answers (their one owner), validation, the add-another
 * groups, the question before a choice clears answers, one actor per document question, the
 * tabs, the school search, the PDF copy, the decision letter and the submit sequence. Each is told who is using the app
 * by its input and keeps its system id (./systemIds), by which the views and its siblings find it.
 */
export const applicationMachine = setup({
  types: {
    context: {} as ApplicationContext,
    input: {} as ApplicationInput,
    children: {} as {
      answers: 'answers';
      validation: 'validation';
      addAnother: 'addAnother';
      clearGuard: 'clearGuard';
      lookup: 'lookup';
      tabs: 'tabs';
      pdfCopy: 'pdfCopy';
      submit: 'submit';
    },
  },
  actors: {
    answers: answersMachine,
    validation: validationMachine,
    addAnother: addAnotherMachine,
    clearGuard: clearGuardMachine,
    lookup: lookupMachine,
    tabs: tabsMachine,
    pdfCopy: pdfCopyMachine,
    decisionLetter: decisionLetterMachine,
    submit: submitMachine,
    document: documentMachine,
    staffDocument: staffDocumentMachine,
  },
  actions: {
    /**
     * One document actor per document question: an applicant's uploads and deletes, staff open
     * the converted PDF through the staff link or the console. A visitor's application has none: a document
     * needs an account, and nothing may be called without a session.
     */
    spawnDocuments: enqueueActions(({ context, enqueue }) => {
      for (const answerKey of DOCUMENT_KEYS) {
        const id = documentSystemId(answerKey);
        if (context.role === 'applicant') enqueue.spawnChild('document', { id, systemId: id, input: { answerKey } });
        else if (context.staff) {
          const input = { answerKey, document: context.staff.documents[answerKey] ?? null, access: context.staff.access };
          enqueue.spawnChild('staffDocument', { id, systemId: id, input });
        }
      }
    }),
  },
}).createMachine({
  id: 'application',
  context: ({ input }) => ({
    role: input.role,
    essayLimit: input.essayLimit,
    webStatus: input.webStatus,
    staff: input.staff,
    decision: input.decision ?? null,
    given: { kept: KEPT[input.role], answers: input.answers, version: input.version, owner: input.owner },
  }),
  entry: [
    // A session that starts validating shows the errors of the answers it starts with.
    spawnChild('validation', {
      id: 'validation',
      systemId: SYSTEM_IDS.validation,
      input: ({ context }) => ({ essayLimit: context.essayLimit, webStatus: context.webStatus, answers: context.given?.answers }),
    }),
    spawnChild('answers', {
      id: 'answers',
      systemId: SYSTEM_IDS.answers,
      input: ({ context }) => context.given ?? { kept: KEPT[context.role], answers: {} },
    }),
    // From now on the answers actor alone holds the answers.
    assign({ given: null }),
    spawnChild('addAnother', {
      id: 'addAnother',
      systemId: SYSTEM_IDS.addAnother,
      input: ({ context }) => ({ role: context.role, counts: context.staff?.counts }),
    }),
    spawnChild('clearGuard', { id: 'clearGuard', systemId: SYSTEM_IDS.clearGuard }),
    spawnChild('lookup', { id: 'lookup', systemId: SYSTEM_IDS.lookup }),
    spawnChild('tabs', {
      id: 'tabs',
      systemId: SYSTEM_IDS.tabs,
      input: ({ context }) => ({ role: context.role, tabs: context.staff?.tabs }),
    }),
    spawnChild('pdfCopy', { id: 'pdfCopy', systemId: SYSTEM_IDS.pdfCopy, input: ({ context }) => ({ role: context.role }) }),
    spawnChild('decisionLetter', {
      id: 'decisionLetter',
      systemId: SYSTEM_IDS.decisionLetter,
      input: ({ context }) => ({ role: context.role, decision: context.decision }),
    }),
    spawnChild('submit', {
      id: 'submit',
      systemId: SYSTEM_IDS.submit,
      // A submit with errors sends the applicant to the form's default route.
      input: ({ context }) => ({
        role: context.role,
        essayLimit: context.essayLimit,
        webStatus: context.webStatus,
        errorRoute: DEFAULT_ROUTE,
      }),
    }),
    'spawnDocuments',
  ],
});
