import { assign, enqueueActions, fromPromise, setup, spawnChild } from 'xstate';
import type { AnswerValue } from '../src/catalogue/dataModel';
import { DOCUMENT_KEYS } from '../src/catalogue/questions';
import { addAnotherMachine } from './addAnotherMachine';
import { answersMachine, type AnswersInput } from './answersMachine';
import { clearGuardMachine } from './clearGuardMachine';
import type { WebStatus } from './coreEvents';
import type { DocumentInfo } from './documentFiles';
import type { PageActors } from './pageActors';
import type { Role } from './roles';
import { DEFAULT_ROUTE } from './routes';
import { SYSTEM_IDS, documentSystemId } from './systemIds';
import { validationMachine } from './validationMachine';

/** What a staff link shows beside the answers: the add-another counts, the chosen tabs, the documents, and the link's token. */
export interface StaffCopy {
  token: string;
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
}

interface ApplicationContext {
  role: Role;
  essayLimit: number;
  webStatus: WebStatus;
  staff: StaffCopy | undefined;
  /** The answers to start with, until the answers actor has them: from then on it alone holds them. */
  given: AnswersInput | null;
}

/** The page's "Try again" when the page-specific actors' code could not be fetched. */
export type ApplicationEvent = { type: 'application.retry' };

/**
 * One applicant's, visitor's or staff member's application, for one session: the root spawns it
 * once it knows who is using the app and has loaded what they need, and stops it when the session
 * changes. It owns the form actors: the answers (the one owner of the answers), validation, the
 * add-another groups and the question before a choice clears answers at once; then, once their
 * code has arrived (a chunk of its own: /about needs none of them), the documents, the tabs, the
 * school search, the PDF copy and the submit sequence. Each is told who is using the app by its
 * input and keeps its system id (./systemIds), by which the views and its siblings find it.
 */
export const applicationMachine = setup({
  types: {
    context: {} as ApplicationContext,
    input: {} as ApplicationInput,
    events: {} as ApplicationEvent,
    children: {} as { answers: 'answers'; validation: 'validation'; addAnother: 'addAnother'; clearGuard: 'clearGuard' },
    tags: {} as 'pageActorsLoading' | 'pageActorsReady' | 'pageActorsFailed',
  },
  actors: {
    answers: answersMachine,
    validation: validationMachine,
    addAnother: addAnotherMachine,
    clearGuard: clearGuardMachine,
    /** The page-specific actors' module, a chunk of its own in the build. */
    loadPageActors: fromPromise<PageActors>(async () => (await import('./pageActors')).pageActors),
  },
  actions: {
    /** One document actor per document question, the tabs, the school search, the PDF copy and the submit sequence. */
    spawnPageActors: enqueueActions(({ context, enqueue }, pages: PageActors) => {
      const { role, staff } = context;
      enqueue.spawnChild(pages.lookup, { systemId: SYSTEM_IDS.lookup });
      enqueue.spawnChild(pages.tabs, { systemId: SYSTEM_IDS.tabs, input: { role, tabs: staff?.tabs } });
      enqueue.spawnChild(pages.pdfCopy, { systemId: SYSTEM_IDS.pdfCopy, input: { role } });
      // A submit with errors sends the applicant to the form's default route.
      enqueue.spawnChild(pages.submit, {
        systemId: SYSTEM_IDS.submit,
        input: { role, essayLimit: context.essayLimit, webStatus: context.webStatus, errorRoute: DEFAULT_ROUTE },
      });
      for (const answerKey of DOCUMENT_KEYS) {
        enqueue.spawnChild(pages.document, {
          systemId: documentSystemId(answerKey),
          // Staff open the converted PDF with the staff link's token.
          input: { answerKey, role, document: staff?.documents[answerKey] ?? null, serviceToken: staff?.token },
        });
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
    given: { role: input.role, answers: input.answers, version: input.version, owner: input.owner },
  }),
  entry: [
    // Validation first: the answers actor tells it the answers it starts with.
    spawnChild('validation', {
      id: 'validation',
      systemId: SYSTEM_IDS.validation,
      input: ({ context }) => ({ essayLimit: context.essayLimit, webStatus: context.webStatus }),
    }),
    spawnChild('answers', {
      id: 'answers',
      systemId: SYSTEM_IDS.answers,
      input: ({ context }) => context.given ?? { role: context.role, answers: {} },
    }),
    spawnChild('addAnother', {
      id: 'addAnother',
      systemId: SYSTEM_IDS.addAnother,
      input: ({ context }) => ({ role: context.role, counts: context.staff?.counts }),
    }),
    spawnChild('clearGuard', { id: 'clearGuard', systemId: SYSTEM_IDS.clearGuard }),
    assign({ given: null }),
  ],
  initial: 'loadingPageActors',
  states: {
    loadingPageActors: {
      tags: 'pageActorsLoading',
      invoke: {
        id: 'loadPageActors',
        src: 'loadPageActors',
        onDone: { target: 'ready', actions: { type: 'spawnPageActors', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    ready: { tags: 'pageActorsReady' },
    /** The code could not be fetched (a lost connection): the pages that need it say so, with a retry. */
    failed: { tags: 'pageActorsFailed', on: { 'application.retry': 'loadingPageActors' } },
  },
});
