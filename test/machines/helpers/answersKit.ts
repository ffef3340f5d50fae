import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { Answers } from '../../../src/catalogue/dataModel';
import type { StoreEvent } from '../../../machines/answerDrafts';
import type { AnswersContext, AnswersInput } from '../../../machines/answersContext';
import { answersMachine } from '../../../machines/answersMachine';
import { SYSTEM_IDS } from '../../../machines/systemIds';
import { startInSystem } from './system';

/* The answers actor started alone in a system, with its store and its calls replaced, for the answers tests. */

export const SPIES = [
  SYSTEM_IDS.app,
  SYSTEM_IDS.navigation,
  SYSTEM_IDS.validation,
  SYSTEM_IDS.submit,
  SYSTEM_IDS.toasts,
  SYSTEM_IDS.session,
];
/** An applicant's session whose server holds no answers yet. */
export const APPLICANT: AnswersInput = { kept: 'onServer', answers: {}, version: 1 };
export const VISITOR: AnswersInput = { kept: 'onDevice', answers: {} };

/** A store that remembers what it was told and may hand back earlier answers. */
export function fakeStore(stored?: Answers, { silent = false } = {}) {
  const told: StoreEvent[] = [];
  const logic = fromCallback<StoreEvent>(({ sendBack, receive }) => {
    // As the real store: always said at start, empty when nothing was kept (a generated path says it itself: `silent`).
    if (!silent) sendBack({ type: 'answers.restored', answers: stored ?? {} });
    receive((event) => told.push(event));
  });
  return { logic, told };
}

export function start(
  options: {
    input?: AnswersInput;
    save?: (answers: Answers) => Promise<unknown>;
    stored?: Answers;
    server?: { answer: Answers; answer_version: number };
  } = {},
) {
  const store = fakeStore(options.stored);
  const saved: Answers[] = [];
  const baseVersions: (number | undefined)[] = [];
  const machine = answersMachine.provide({
    actors: {
      answerStore: store.logic,
      saveAnswers: fromPromise<{ version: number }, { changes: Answers; baseVersion: number | undefined }>(async ({ input }) => {
        saved.push(input.changes);
        baseVersions.push(input.baseVersion);
        return (await (options.save ? options.save(input.changes) : { message: 'Saved.', version: saved.length + 10 })) as {
          version: number;
        };
      }),
      loadServerAnswers: fromPromise(() => Promise.resolve(options.server ?? { answer: {}, answer_version: 0 })),
    },
  });
  return {
    ...startInSystem(machine, { systemId: SYSTEM_IDS.answers, spies: SPIES, input: options.input ?? VISITOR }),
    told: store.told,
    saved,
    baseVersions,
  };
}

export const answersOf = (subject: { getSnapshot(): { context: unknown } }) => (subject.getSnapshot().context as AnswersContext).answers;

/** The session ends the answers actor asked for (it also hears whether answers wait to be saved). */
export const sessionEnds = (received: Record<string, EventObject[]>) =>
  (received[SYSTEM_IDS.session] ?? []).filter((event) => event.type === 'session.unauthorised');
