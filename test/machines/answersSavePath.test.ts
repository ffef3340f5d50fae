import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, setup, spawnChild, type AnyActorLogic } from 'xstate';
import { setApiBase } from '../../machines/api/httpClient';
import type { AnswersContext } from '../../machines/answersContext';
import { applicationMachine } from '../../machines/applicationMachine';
import { SUBMITTED_MESSAGE } from '../../machines/submitMachine';
import { documentSystemId, SYSTEM_IDS } from '../../machines/systemIds';
import { DOCUMENT_ANSWERED } from '../../src/catalogue/limits';
import { ADD_ANOTHER_GROUPS, DOCUMENT_KEYS, TAB_GROUPS } from '../../src/catalogue/questions';
import { completeApplication, FIXTURE_ESSAY_LIMIT, FIXTURE_NOW } from '../fixtures/completeApplication';
import type { MachineRef } from './helpers/system';

/*
 * Every save of the answers goes through one path. The form actors run together, as the session's
 * application spawns them, against a real HTTP server; whatever they do (a document upload, the
 * submit sequence, a tab switch, an added slot), each PUT /api/answer carries If-Match and only the
 * answers changed since the version it names. (The core actors cannot save answers: the save call
 * lives in ./api/endpoints, which only the form actors' module imports.)
 */

interface Recorded {
  method: string;
  path: string;
  ifMatch: string | undefined;
  body: unknown;
}

let server: Server;
let base = '';
let requests: Recorded[] = [];
let version = 5;

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += chunk;
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text.length;
  }
}

/** The server's side of section 7, just enough for the calls these actors make. */
function answerFor(method: string, path: string): unknown {
  if (method === 'PUT' && path === '/api/answer') return { message: 'Your answers were saved.', version: ++version };
  if (method === 'GET' && path === '/api/document-answer') return {};
  if (method === 'POST' && path === '/api/presigned-url') return { url: `${base}/upload`, fields: { key: 'applicants/7/abc' } };
  if (method === 'GET' && path.startsWith('/api/pdf/document-answer/')) return { status: 'completed', message: '' };
  if (method === 'GET' && (path === '/api/tabs' || path === '/api/add-another')) return {};
  if (method === 'POST' && path === '/api/submit') return { message: SUBMITTED_MESSAGE };
  return { message: '' };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const path = new URL(request.url ?? '/', base).pathname;
      const method = request.method ?? 'GET';
      requests.push({ method, path, ifMatch: request.headers['if-match'], body });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answerFor(method, path)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setApiBase(base);
});
afterAll(() => {
  setApiBase(undefined);
  server.close();
});
beforeEach(() => {
  requests = [];
  version = 5;
  // Only the date: the fixture is a complete application on FIXTURE_NOW. Timers and I/O stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(FIXTURE_NOW);
});
afterEach(() => vi.useRealTimers());

/** Every PUT /api/answer: its If-Match and its body, exactly. */
const saves = () =>
  requests.filter((request) => request.method === 'PUT' && request.path === '/api/answer').map(({ ifMatch, body }) => ({ ifMatch, body }));
const called = (method: string, path: string) => requests.some((request) => request.method === method && request.path === path);

/** The form actors as the root spawns them, with the core actors as silent stand-ins. */
function startFormActors() {
  const silent = fromCallback(() => {});
  const core = [SYSTEM_IDS.app, SYSTEM_IDS.session, SYSTEM_IDS.navigation, SYSTEM_IDS.webStatus, SYSTEM_IDS.toasts];
  // This tab loaded version 5 of the answers of an applicant who has started.
  const input = { role: 'applicant', answers: completeApplication, version: 5, essayLimit: FIXTURE_ESSAY_LIMIT, webStatus: 'started' };
  const children: { id: string; logic: AnyActorLogic; input?: unknown }[] = [
    ...core.map((id) => ({ id, logic: silent })),
    { id: SYSTEM_IDS.application, logic: applicationMachine, input },
  ];
  const root = createActor(
    setup({}).createMachine({
      entry: children.map(({ id, logic, input }) => spawnChild(logic as never, { id, systemId: id, input } as never)),
    }),
  ).start();
  const actor = (id: string) => root.system.get(id) as MachineRef;
  return { root, actor };
}

/**
 * The actors talk to a real HTTP server: on a machine busy with other work its first answers can
 * take more than waitFor's default second.
 */
const SERVER_WAIT = { timeout: 10_000 };

describe('one path saves the answers', () => {
  it('an upload, a submit, a tab switch and an added slot: each save sends only the changed answers with If-Match', async () => {
    const { root, actor } = startFormActors();
    const documentKey = DOCUMENT_KEYS[0]!;
    const pdf = new File([new Uint8Array(1500)], 'essay.pdf', { type: 'application/pdf' });
    // The applicant changed the city.
    actor(SYSTEM_IDS.answers).send({ type: 'answers.set', key: 'city', value: 'Cambridge' });
    await vi.waitFor(() => expect(actor(documentSystemId(documentKey)).getSnapshot().matches('empty')).toBe(true), SERVER_WAIT);

    // A document upload saves the answers first (spec section 4); its conversion then marks its answer.
    actor(documentSystemId(documentKey)).send({ type: 'document.choose', files: [pdf] });
    await vi.waitFor(() => expect(saves()).toHaveLength(1), SERVER_WAIT);
    expect(saves()[0]).toEqual({ ifMatch: '"5"', body: { city: 'Cambridge' } });
    await vi.waitFor(() => expect(actor(documentSystemId(documentKey)).getSnapshot().hasTag('attached')).toBe(true), SERVER_WAIT);

    // The submit sequence saves, validates and submits.
    actor(SYSTEM_IDS.answers).send({ type: 'answers.set', key: 'middle_name', value: 'Jo' });
    actor(SYSTEM_IDS.submit).send({ type: 'submit' });
    await vi.waitFor(() => expect(called('POST', '/api/submit')).toBe(true), SERVER_WAIT);
    // The document's answer is the server's own: not sent again.
    expect(saves()[1]).toEqual({ ifMatch: '"6"', body: { middle_name: 'Jo' } });
    expect((actor(SYSTEM_IDS.answers).getSnapshot().context as AnswersContext).answers[documentKey]).toBe(DOCUMENT_ANSWERED);

    // A tab switch and an added slot save their own choices, not the answers.
    const group = TAB_GROUPS[0]!;
    const otherTab = group.tabs.find((tab) => tab.id !== group.defaultTab)!;
    const answers = (actor(SYSTEM_IDS.answers).getSnapshot().context as AnswersContext).answers;
    actor(SYSTEM_IDS.tabs).send({ type: 'tabs.choose', tabId: group.tabId, tab: otherTab.id, answers });
    // The written essay would go with the switch: it asks first (issue 12).
    await vi.waitFor(() => expect(actor(SYSTEM_IDS.tabs).getSnapshot().matches('confirming')).toBe(true), SERVER_WAIT);
    actor(SYSTEM_IDS.tabs).send({ type: 'tabs.confirm' });
    actor(SYSTEM_IDS.addAnother).send({ type: 'add', buttonId: ADD_ANOTHER_GROUPS[0]!.buttonId });
    await vi.waitFor(() => expect(called('PUT', '/api/add-another') && called('PUT', '/api/tabs')).toBe(true), SERVER_WAIT);
    await vi.waitFor(() => expect(actor(SYSTEM_IDS.tabs).getSnapshot().hasTag('busy')).toBe(false), SERVER_WAIT);

    expect(saves()).toEqual([
      { ifMatch: '"5"', body: { city: 'Cambridge' } },
      { ifMatch: '"6"', body: { middle_name: 'Jo' } },
    ]);
    root.stop();
  });
});
