import * as v from 'valibot';
import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import { firstIssueMessages } from '../src/catalogue/schema/issues';
import type { StaffRole } from '../src/catalogue/schema/staff';
import { noteSubmission, reviewSubmission, type ApplicationEvaluation } from '../src/catalogue/schema/staffReviews';
import { decisionsApi, type EvaluationChange } from './api/consoleDecisions';
import { GENERIC_ERROR_MESSAGE } from './api/httpClient';
import { errorMessage, sibling, unauthorisedError } from './siblings';

export interface ConsoleEvaluationInput {
  /** The application, by its applicant's id. */
  id: number;
  /** Who is signed in: what the page offers them (the server decides what they may do). */
  role: StaffRole;
}

export type ConsoleEvaluationEvent = { type: 'evaluation.retry' } | { type: 'evaluation.change'; change: EvaluationChange };

interface ConsoleEvaluationContext extends ConsoleEvaluationInput {
  evaluation: ApplicationEvaluation | null;
  /** The fields of the change being written, checked with the schema the server checks them with. */
  fieldErrors: Record<string, string>;
  /** Why the evaluation could not be read, or why the server refused a change. */
  message: string | null;
  /** The change being written. */
  pending: EvaluationChange | null;
  /** The kind of the last change the server took (counted), for the form that made it to empty. */
  saved: { kind: EvaluationChange['kind']; count: number } | null;
}

/** A change's fields as the server's schema reads them: a review by the college's form, a note's text. */
function problemsOf(evaluation: ApplicationEvaluation | null, change: EvaluationChange): Record<string, string> {
  if (change.kind === 'review' && evaluation) {
    const { kind: _kind, ...review } = change;
    return firstIssueMessages(v.safeParse(reviewSubmission(evaluation.review_form), { id: evaluation.application_id, ...review }));
  }
  if (change.kind === 'note') return firstIssueMessages(v.safeParse(noteSubmission, { id: 1, text: change.text }));
  return {};
}

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * An application's reviews, notes and decision on its console page: read when the page opens, and
 * changed by a review, a note, a claim or a decision, each answered by the evaluation as it now
 * stands. A reviewer reads the other reviews once theirs is in (the server hides them until then).
 */
export const consoleEvaluationMachine = setup({
  types: {
    input: {} as ConsoleEvaluationInput,
    context: {} as ConsoleEvaluationContext,
    events: {} as ConsoleEvaluationEvent,
    children: {} as { loadEvaluation: 'loadEvaluation'; changeEvaluation: 'changeEvaluation' },
  },
  actors: {
    loadEvaluation: fromPromise<ApplicationEvaluation, { id: number }>(({ input, signal }) => decisionsApi.evaluation(input.id, signal)),
    changeEvaluation: fromPromise<ApplicationEvaluation, { id: number; change: EvaluationChange }>(({ input, signal }) =>
      decisionsApi.changeEvaluation(input.id, input.change, signal),
    ),
  },
  guards: {
    unauthorised: unauthorisedError,
    changeValid: ({ context, event }) => {
      assertEvent(event, 'evaluation.change');
      return Object.keys(problemsOf(context.evaluation, event.change)).length === 0;
    },
  },
  actions: {
    keepEvaluation: assign({ evaluation: (_, evaluation: ApplicationEvaluation) => evaluation }),
    clearMessages: assign({ fieldErrors: {}, message: null }),
    keepPending: assign(({ event }) => {
      assertEvent(event, 'evaluation.change');
      return { pending: event.change, fieldErrors: {}, message: null };
    }),
    refuseChange: assign(({ context, event }) => {
      assertEvent(event, 'evaluation.change');
      return { message: null, fieldErrors: problemsOf(context.evaluation, event.change) };
    }),
    noteSaved: assign({
      saved: ({ context }) => (context.pending ? { kind: context.pending.kind, count: (context.saved?.count ?? 0) + 1 } : context.saved),
      pending: null,
    }),
    forgetPending: assign({ pending: null }),
    refuse: assign({ message: (_, error: unknown) => errorMessage(error, GENERIC_ERROR_MESSAGE) }),
    signInAgain: sendTo(sibling('consoleSession'), { type: 'console.unauthorised' }),
  },
}).createMachine({
  id: 'consoleEvaluation',
  context: ({ input }) => ({ ...input, evaluation: null, fieldErrors: {}, message: null, pending: null, saved: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEvaluation',
        src: 'loadEvaluation',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: { type: 'keepEvaluation', params: ({ event }) => event.output } },
        onError: [
          { guard: 'unauthorised', target: 'failed', actions: 'signInAgain' },
          { target: 'failed', actions: { type: 'refuse', params: errorOf } },
        ],
      },
    },
    failed: { on: { 'evaluation.retry': { target: 'loading', actions: 'clearMessages' } } },
    ready: {
      on: {
        'evaluation.change': [{ guard: 'changeValid', target: 'changing', actions: 'keepPending' }, { actions: 'refuseChange' }],
      },
    },
    changing: {
      invoke: {
        id: 'changeEvaluation',
        src: 'changeEvaluation',
        input: ({ context }) => ({ id: context.id, change: context.pending! }),
        onDone: { target: 'ready', actions: [{ type: 'keepEvaluation', params: ({ event }) => event.output }, 'noteSaved'] },
        onError: [
          { guard: 'unauthorised', target: 'ready', actions: ['forgetPending', 'signInAgain'] },
          // The form keeps what was typed: only the message says why.
          { target: 'ready', actions: ['forgetPending', { type: 'refuse', params: errorOf }] },
        ],
      },
    },
  },
});
