import { fromCallback, fromPromise } from 'xstate';
import type { Answers } from '../../../src/catalogue/dataModel';
import type { Draft, StoreEvent } from '../../../machines/answerDrafts';
import { answersMachine } from '../../../machines/answersMachine';
import { SYSTEM_IDS } from '../../../machines/systemIds';
import { startInSystem } from './system';

/** The answers actor on a device (its drafts store as the real one answers), with a server that saves or fails as told. */

const SPIES = [SYSTEM_IDS.app, SYSTEM_IDS.navigation, SYSTEM_IDS.validation, SYSTEM_IDS.submit, SYSTEM_IDS.toasts, SYSTEM_IDS.session];
export const STUDENT = { type: 'app.context', loggedIn: true, serviceUser: false } as const;
export const ANONYMOUS = { type: 'app.context', loggedIn: false, serviceUser: false } as const;
export const OWNER = 'ada@example.org';

/** A device: the drafts it holds, by account, answered as the real store answers. */
export function startOnDevice(drafts: Record<string, Draft> = {}) {
  const outcomes: unknown[] = [];
  const sent: Answers[] = [];
  const machine = answersMachine.provide({
    actors: {
      answerStore: fromCallback<StoreEvent>(({ receive, sendBack }) => {
        receive((event) => {
          if (event.type === 'draft.write') drafts[event.owner] = event.draft;
          else if (event.type === 'draft.clear') delete drafts[event.owner];
          else if (event.type === 'draft.read') sendBack({ type: 'answers.draft', owner: event.owner, draft: drafts[event.owner] ?? null });
        });
      }),
      connection: fromCallback(() => undefined),
      leaveGuard: fromCallback(() => undefined),
      saveAnswers: fromPromise<{ version: number }, { changes: Answers; baseVersion: number | undefined }>(({ input }) => {
        sent.push(input.changes);
        const outcome = outcomes.shift();
        return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve({ version: (input.baseVersion ?? 0) + 1 });
      }),
    },
  });
  const run = startInSystem(machine, { systemId: SYSTEM_IDS.answers, spies: SPIES });
  return { ...run, drafts, outcomes, sent };
}

/** The messages of the toasts the answers actor asked for. */
export const toasts = (received: Record<string, { type: string }[] | undefined>) =>
  (received[SYSTEM_IDS.toasts] ?? []).map((event) => (event as unknown as { toast: { message: string } }).toast.message);
