import { fromPromise, setup } from 'xstate';
import { api } from './api/endpoints';
import type { ReleasedDecision } from './api/responses';
import type { Role } from './roles';

export interface DecisionLetterInput {
  role: Role;
  /** The letter the profile carried when the session started; null before a release sent one. */
  decision: ReleasedDecision | null;
}

interface DecisionLetterContext {
  decision: ReleasedDecision | null;
  /** Only an applicant's own opening counts: a staff member reading a copy is not the applicant. */
  role: Role;
}

export type DecisionLetterEvent =
  /** The completion page shows the letter: the server records the first time. */
  { type: 'decisionLetter.shown' };

/**
 * The applicant's released decision, for one session: the letter the profile gave at spawn (its
 * one owner on this side), and telling the server once that the applicant opened it. A failed
 * record is tried again the next time the letter is shown; it never hides the letter.
 */
export const decisionLetterMachine = setup({
  types: {
    input: {} as DecisionLetterInput,
    context: {} as DecisionLetterContext,
    events: {} as DecisionLetterEvent,
  },
  actors: {
    recordOpening: fromPromise<unknown, void>(({ signal }) => api.decisionOpened(signal)),
  },
  guards: {
    isApplicantsLetter: ({ context }) => context.decision !== null && context.role === 'applicant',
  },
}).createMachine({
  id: 'decisionLetter',
  context: ({ input }) => ({ decision: input.decision, role: input.role }),
  initial: 'unread',
  states: {
    unread: {
      on: { 'decisionLetter.shown': { guard: 'isApplicantsLetter', target: 'recording' } },
    },
    recording: {
      invoke: { src: 'recordOpening', onDone: 'recorded', onError: 'unread' },
    },
    recorded: {},
  },
});
