import { assertEvent, assign, sendTo, setup } from 'xstate';
import { isAnswered, keysToClearOnChange } from '../src/catalogue/conditions';
import type { AnswerValue, Answers } from '../src/catalogue/dataModel';
import { CONDITION_CATALOGUE, QUESTION_BY_KEY } from '../src/catalogue/questions';
import type { AnswersEvent } from './events';
import { sibling } from './siblings';
import { SYSTEM_IDS } from './systemIds';

/** From the choice fields (select, radio, checkbox) and the question the guard asks. */
export type ClearGuardEvent =
  /** `answers`: what the page shows now, to tell what the change would hide. */
  | { type: 'clearGuard.change'; key: string; value: AnswerValue; desc?: string; answers: Answers }
  | { type: 'clearGuard.confirm' }
  | { type: 'clearGuard.cancel' };

type Change = { key: string; value: AnswerValue; desc?: string };

interface ClearGuardContext {
  /** The change waiting for the applicant's answer. */
  pending: Change | null;
  /** The answered questions (keys) the change would clear, in the order the page shows them. */
  losing: string[];
}

/** Answers the applicant typed: worth a question before they go. Choices are one click to give again. */
const TYPED_KINDS: ReadonlySet<string> = new Set(['text', 'textarea', 'email', 'phone', 'ssn', 'date', 'schoolSearch']);
const isTyped = (key: string, answers: Answers) =>
  TYPED_KINDS.has(QUESTION_BY_KEY.get(key)?.kind ?? '') && typeof answers[key] === 'string' && answers[key].trim() !== '';

/** The answered questions a change would clear (conditional content): `_desc` companions go with their question. */
function clearedBy(change: Change, answers: Answers): string[] {
  const next = { ...answers, [change.key]: change.value };
  return keysToClearOnChange(change.key, next, CONDITION_CATALOGUE).filter((key) => QUESTION_BY_KEY.has(key) && isAnswered(answers[key]));
}

type ChangeEvent = Extract<ClearGuardEvent, { type: 'clearGuard.change' }>;
const changeOf = (event: ChangeEvent): Change => ({
  key: event.key,
  value: event.value,
  ...(event.desc === undefined ? {} : { desc: event.desc }),
});

/**
 * A choice that hides a block holding typed answers (a conviction comment, a mailing
 * address) asks first, naming what would go; any other choice goes straight to the answers actor,
 * which clears whatever the new answer hides. One actor for the whole form, so one question at a time.
 */
export const clearGuardMachine = setup({
  types: {
    context: {} as ClearGuardContext,
    events: {} as ClearGuardEvent,
    tags: {} as 'asking',
  },
  guards: {
    clearsTypedAnswers: ({ event }) => {
      assertEvent(event, 'clearGuard.change');
      return clearedBy(changeOf(event), event.answers).some((key) => isTyped(key, event.answers));
    },
  },
  actions: {
    keepPending: assign(({ event }) => {
      assertEvent(event, 'clearGuard.change');
      const change = changeOf(event);
      return { pending: change, losing: clearedBy(change, event.answers) };
    }),
    forgetPending: assign({ pending: null, losing: [] }),
    setAnswer: sendTo(sibling(SYSTEM_IDS.answers), (_, change: Change | null): AnswersEvent => ({
      type: 'answers.set',
      key: change?.key ?? '',
      value: change?.value ?? '',
      ...(change?.desc === undefined ? {} : { desc: change.desc }),
    })),
  },
}).createMachine({
  id: 'clearGuard',
  context: { pending: null, losing: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'clearGuard.change': [
          { guard: 'clearsTypedAnswers', target: 'asking', actions: 'keepPending' },
          { actions: { type: 'setAnswer', params: ({ event }) => changeOf(event) } },
        ],
      },
    },
    asking: {
      tags: 'asking',
      on: {
        'clearGuard.confirm': {
          target: 'idle',
          actions: [{ type: 'setAnswer', params: ({ context }) => context.pending }, 'forgetPending'],
        },
        'clearGuard.cancel': { target: 'idle', actions: 'forgetPending' },
      },
    },
  },
});
