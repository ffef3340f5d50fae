import { fromCallback, fromPromise } from 'xstate';
import type { Answers } from '../../../src/catalogue/dataModel';
import type { Draft, StoreEvent } from '../../../machines/answerDrafts';
import type { AnswersInput } from '../../../machines/answersContext';
import { answersMachine } from '../../../machines/answersMachine';
import { SYSTEM_IDS } from '../../../machines/systemIds';
import { startInSystem } from './system';

/** The answers actor on a device (its drafts store as the real one answers), with a server that saves or fails as told. */

const SPIES = [SYSTEM_IDS.app, SYSTEM_IDS.navigation, SYSTEM_IDS.validation, SYSTEM_IDS.submit, SYSTEM_IDS.toasts, SYSTEM_IDS.session];
export const OWNER = 'ada@example.org';

/** An applicant's session: the answers the server holds, at its version. */
export const applicant = (answers: Answers, version: number, owner = OWNER): AnswersInput => ({
  kept: 'onServer',
  answers,
  version,
  owner,
});
/** A visitor's session (a prefill link's answers, or none). */
const visitor = (answers: Answers = {}): AnswersInput => ({ kept: 'onDevice', answers });

/**
 * The answers actor of one session on a device: the drafts it holds by account (localStorage) and
 * the visitor's answers of this tab (`device.typed`, sessionStorage), answered as the real store
 * answers. A later session on the same device is another call with the same `drafts` and `device`.
 */
export function startOnDevice(drafts: Record<string, Draft> = {}, input: AnswersInput = visitor(), device: { typed?: Answers } = {}) {
  const outcomes: unknown[] = [];
  const sent: Answers[] = [];
  const machine = answersMachine.provide({
    actors: {
      answerStore: fromCallback<StoreEvent>(({ receive, sendBack }) => {
        sendBack({ type: 'answers.restored', answers: device.typed ?? {} });
        receive((event) => {
          if (event.type === 'store.write') device.typed = event.answers;
          else if (event.type === 'store.clear') delete device.typed;
          else if (event.type === 'draft.write') drafts[event.owner] = event.draft;
          else if (event.type === 'draft.clear') delete drafts[event.owner];
          else if (event.type === 'draft.read') sendBack({ type: 'answers.draft', owner: event.owner, draft: drafts[event.owner] ?? null });
        });
      }),
      connection: fromCallback(() => undefined),
      leaveGuard: fromCallback(() => undefined),
      saveAnswers: fromPromise<{ version: number }, { changes: Answers; baseVersion: number | undefined }>(async ({ input }) => {
        sent.push(input.changes);
        // Taken once the test has gone on: a save that starts with the session can be told its outcome.
        await Promise.resolve();
        const outcome = outcomes.shift();
        return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve({ version: (input.baseVersion ?? 0) + 1 });
      }),
    },
  });
  const run = startInSystem(machine, { systemId: SYSTEM_IDS.answers, spies: SPIES, input });
  return { ...run, drafts, outcomes, sent, device };
}

/** The messages of the toasts the answers actor asked for. */
export const toasts = (received: Record<string, { type: string }[] | undefined>) =>
  (received[SYSTEM_IDS.toasts] ?? []).map((event) => (event as unknown as { toast: { message: string } }).toast.message);
