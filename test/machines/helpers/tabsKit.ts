import { vi } from 'vitest';
import { createMachine, fromPromise, sendTo, type AnyActorLogic, type AnyActorRef, type EventObject } from 'xstate';
import type { DocumentInspectedEvent } from '../../../machines/events';
import { tabsMachine, type TabsEvent, type TabsInput } from '../../../machines/tabsMachine';
import { documentSystemId, SYSTEM_IDS } from '../../../machines/systemIds';
import { flush, recordingSibling, startSystem } from './documentsKit';

/*
 * Test kit of the tabs machine: its network faked, document actors that answer its check, and a
 * system that runs it among recording siblings.
 */

export function fakeApi() {
  return {
    loadTabs: vi.fn((): Promise<Record<string, string>> => Promise.resolve({})),
    deleteConversion: vi.fn((_input: { answerKey: string }): Promise<unknown> => Promise.resolve({})),
    deleteDocument: vi.fn((_input: { answerKey: string }): Promise<unknown> => Promise.resolve({})),
    saveTab: vi.fn((_input: { tabId: string; tab: string }): Promise<unknown> => Promise.resolve({})),
  };
}
export type FakeApi = ReturnType<typeof fakeApi>;

/** The network is faked; the upload check stays real and reads the stub documents' answers. */
export function provided(fake: FakeApi) {
  return tabsMachine.provide({
    actors: {
      loadTabs: fromPromise(() => fake.loadTabs()),
      deleteConversion: fromPromise(({ input }: { input: { answerKey: string } }) => fake.deleteConversion(input)),
      deleteDocument: fromPromise(({ input }: { input: { answerKey: string } }) => fake.deleteDocument(input)),
      saveTab: fromPromise(({ input }: { input: { tabId: string; tab: string } }) => fake.saveTab(input)),
    },
  });
}

export type StubState = 'idle' | 'busy' | 'attached' | 'error' | 'silent';

/**
 * A document actor stand-in in one of the states the tabs actor cares about: it answers
 * `document.inspect` as the document actor does (`silent`: it never answers), and records every event.
 */
export function stubDocument(state: StubState, answerKey: string) {
  const received: EventObject[] = [];
  const asked: EventObject[] = [];
  const answer: DocumentInspectedEvent = {
    type: 'document.inspected',
    answerKey,
    busy: state === 'busy',
    attached: state === 'attached' || state === 'error',
  };
  const logic = createMachine({
    on: {
      'document.inspect': [
        { guard: () => state === 'silent', actions: ({ event }) => void asked.push(event) },
        {
          actions: [
            ({ event }) => void asked.push(event),
            sendTo(({ event, system }) => system.get((event as unknown as { replyTo: string }).replyTo) as AnyActorRef, answer),
          ],
        },
      ],
      '*': { actions: ({ event }) => void received.push(event) },
    },
  });
  return { logic, received, asked, answerKey };
}
export type StubDocument = ReturnType<typeof stubDocument>;

/** The tabs actor, created for who is using the app (`input`), among recording siblings and the given document stand-ins. */
export function startTabs(options: { input: TabsInput; fake?: FakeApi; documents?: StubDocument[]; logic?: AnyActorLogic }) {
  const fake = options.fake ?? fakeApi();
  const answers = recordingSibling({ answers: {} });
  const toasts = recordingSibling();
  const session = recordingSibling();
  const app = recordingSibling();
  const documents = Object.fromEntries((options.documents ?? []).map((stub) => [documentSystemId(stub.answerKey), stub.logic]));
  const { actor } = startSystem(
    { logic: options.logic ?? provided(fake), systemId: SYSTEM_IDS.tabs, input: options.input },
    {
      [SYSTEM_IDS.answers]: answers.logic,
      [SYSTEM_IDS.toasts]: toasts.logic,
      [SYSTEM_IDS.session]: session.logic,
      [SYSTEM_IDS.app]: app.logic,
      ...documents,
    },
  );
  const send = async (event: TabsEvent) => {
    actor.send(event);
    await flush();
  };
  return {
    fake,
    actor,
    send,
    snapshot: () => actor.getSnapshot() as ReturnType<(typeof tabsMachine)['transition']>,
    answersReceived: answers.received,
    toasts: toasts.received,
    sessionReceived: session.received,
    appReceived: app.received,
  };
}
