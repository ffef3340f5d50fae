import { afterEach, beforeEach, vi } from 'vitest';
import { createActor, type Actor, type AnyActorRef, type EventObject, type SnapshotFrom } from 'xstate';
import { DOCUMENT_KEYS } from '../../../src/catalogue/questions';
import type { AnswersContext } from '../../../machines/answersContext';
import { appMachine } from '../../../machines/appMachine';
import { connectApp } from '../../../machines/appView';
import { authCardMachine } from '../../../machines/authCardMachine';
import type { APP_INPUTS } from '../../qa/models/app';
import type { sessionMachine } from '../../../machines/sessionMachine';
import { connectSession } from '../../../machines/sessionView';
import { SYSTEM_IDS, documentSystemId } from '../../../machines/systemIds';
import { memoryStorage, offlineApplication } from './formActors';
import { createGate, flush, offline, type MachineRef } from './system';

/* The root actor started offline (every call on a gate), for the root's tests. */

/**
 * The tab's and the device's storage, fresh for each test, with fake timers; the object keeps
 * pointing at the current test's storage.
 */
export function deviceStorage(): { session: Storage; local: Storage } {
  const device = { session: memoryStorage(), local: memoryStorage() };
  beforeEach(() => {
    vi.useFakeTimers();
    device.session = memoryStorage();
    device.local = memoryStorage();
    vi.stubGlobal('sessionStorage', device.session);
    vi.stubGlobal('localStorage', device.local);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return device;
}

/** The session actor as the views see it. */
export const sessionView = (session: MachineRef) =>
  connectSession(session.getSnapshot() as SnapshotFrom<typeof sessionMachine>, () => undefined);

/** Spawned at start: what every page needs. */
export const CORE_CHILDREN = [
  SYSTEM_IDS.session,
  SYSTEM_IDS.navigation,
  SYSTEM_IDS.toasts,
  SYSTEM_IDS.webStatus,
  SYSTEM_IDS.unexpectedError,
  SYSTEM_IDS.overlays,
];

/** One per document question: an applicant's or staff's application spawns them, a visitor's none (a document needs an account). */
export const DOCUMENT_CHILDREN = DOCUMENT_KEYS.map(documentSystemId);

/** What the page's frame reads of the root, through its view API. */
export const appView = (actor: Actor<typeof appMachine>) => connectApp(actor.getSnapshot(), (event) => actor.send(event));

/** Spawned by the session's application, all at once (the documents' for an applicant or staff). */
export const FORM_CHILDREN = [
  SYSTEM_IDS.answers,
  SYSTEM_IDS.validation,
  SYSTEM_IDS.submit,
  SYSTEM_IDS.lookup,
  SYSTEM_IDS.addAnother,
  SYSTEM_IDS.tabs,
  SYSTEM_IDS.pdfCopy,
  SYSTEM_IDS.decisionLetter,
  SYSTEM_IDS.clearGuard,
  ...DOCUMENT_CHILDREN,
];

/** Where a visitor's typed answers stay in this tab until an account takes them. */
export const TYPED_KEY = 'admissions.answers';

export const at = (pathname: string) => ({ type: 'location.changed', pathname, search: '', hash: '' }) as const;

export function start(input: (typeof APP_INPUTS)[keyof typeof APP_INPUTS]) {
  const gate = createGate();
  const application = offlineApplication(gate);
  // Every network call of the root (the college, the profile, the staff copy…) waits on the gate.
  const machine = offline(appMachine, gate);
  const actor = createActor(machine, { input, systemId: SYSTEM_IDS.app });
  const navigations: EventObject[] = [];
  const errors: unknown[] = [];
  actor.subscribe({ error: (error) => errors.push(error) });
  actor.start();
  (actor.system.get(SYSTEM_IDS.navigation) as AnyActorRef).on('navigate', (event: EventObject) => navigations.push(event));
  const child = (id: string) => actor.system.get(id) as MachineRef;
  /** A call answers; once the session and the code are both there, the root hands the loaded module over. */
  const handOver = async () => {
    await flush();
    while (gate.isPending('startApplication')) {
      gate.resolve('startApplication', application);
      await flush();
    }
  };
  const settle = async (id: string, output: unknown) => {
    gate.resolve(id, output);
    await handOver();
  };
  /** The dynamic import of machines/applicationMachine resolves (with every call of its actors on the gate too). */
  const loadForm = () => settle('loadApplication', application);
  const requestedForm = () => gate.calls.some((call) => call.id === 'loadApplication');
  /** The dynamic import of machines/authCardMachine resolves (its calls on the gate too). */
  const loadAuth = () => settle('loadAuthCard', offline(authCardMachine, gate));
  const requestedAuth = () => gate.calls.some((call) => call.id === 'loadAuthCard');
  const answers = () => child(SYSTEM_IDS.answers).getSnapshot().context as AnswersContext;
  return { actor, gate, navigations, errors, child, settle, handOver, answers, loadForm, requestedForm, loadAuth, requestedAuth };
}
