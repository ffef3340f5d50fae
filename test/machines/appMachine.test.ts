import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorRef, type EventObject } from 'xstate';
import demoCollege from '../../src/college/demo-college.json';
import { DOCUMENT_KEYS } from '../../src/catalogue/questions';
import { appMachine } from '../../machines/appMachine';
import { APP_INPUTS, appModel, sampleProfile, sampleServiceData } from '../../machines/paths/app';
import { failures } from '../../machines/paths/fixtures';
import { SESSION_INVALID_MESSAGE } from '../../machines/sessionMachine';
import { SYSTEM_IDS, documentSystemId } from '../../machines/systemIds';
import { createGate, flush, generatedPathSuite, offline, type Gate } from './helpers/replay';

const EVERY_CHILD = [
  SYSTEM_IDS.session,
  SYSTEM_IDS.navigation,
  SYSTEM_IDS.toasts,
  SYSTEM_IDS.webStatus,
  SYSTEM_IDS.answers,
  SYSTEM_IDS.validation,
  SYSTEM_IDS.submit,
  SYSTEM_IDS.authCard,
  SYSTEM_IDS.inactivity,
  SYSTEM_IDS.lookup,
  SYSTEM_IDS.addAnother,
  SYSTEM_IDS.tabs,
  SYSTEM_IDS.pdfCopy,
  ...DOCUMENT_KEYS.map(documentSystemId),
];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function start(input: (typeof APP_INPUTS)[keyof typeof APP_INPUTS]) {
  const gate = createGate();
  const machine = offline(appMachine, gate);
  const actor = createActor(machine, { input, systemId: SYSTEM_IDS.app });
  const navigations: EventObject[] = [];
  const errors: unknown[] = [];
  actor.subscribe({ error: (error) => errors.push(error) });
  actor.start();
  (actor.system.get(SYSTEM_IDS.navigation) as AnyActorRef).on('navigate', (event: EventObject) => navigations.push(event));
  const child = (id: string) => actor.system.get(id) as AnyActorRef;
  return { actor, gate, navigations, errors, child };
}

async function settle(gate: Gate, id: string, output: unknown) {
  gate.resolve(id, output);
  await flush();
}

describe('app: every mode', () => {
  it.each(Object.entries(APP_INPUTS))('%s: spawns every child under its system id', (_mode, input) => {
    const { actor, child, errors } = start(input);
    for (const id of EVERY_CHILD) expect(child(id), id).toBeDefined();
    expect(actor.system.get(SYSTEM_IDS.app)).toBe(actor);
    expect(actor.getSnapshot().value).toBe('loadingCollege');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('anonymous: ready once the college is known, with nothing else to load', async () => {
    const { actor, gate, child } = start(APP_INPUTS.anonymous);
    expect(child(SYSTEM_IDS.session).getSnapshot().value).toBe('loggedOut');
    await settle(gate, 'loadCollege', demoCollege);
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ isLoggedIn: false, isServiceUser: false, webStatus: null, college: demoCollege });
    expect(child(SYSTEM_IDS.webStatus).getSnapshot().value).toBe('none');
    expect(gate.calls.map((call) => call.id)).not.toContain('loadProfile');
  });

  it('anonymous with token: loads the temporary public answers', async () => {
    const { actor, gate, child } = start(APP_INPUTS.anonymousWithToken);
    await settle(gate, 'loadCollege', demoCollege);
    expect(actor.getSnapshot().value).toBe('loadingTemporaryAnswers');
    expect(gate.inputOf('loadTemporaryAnswers')).toBe('tmp-token-0123456789');
    await settle(gate, 'loadTemporaryAnswers', { answer: { first_name: 'Alan' } });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(child(SYSTEM_IDS.answers).getSnapshot().context.answers).toEqual({ first_name: 'Alan' });
  });

  it('logged in: loads the profile into the client snapshot and the children', async () => {
    const { actor, gate, child, navigations } = start(APP_INPUTS.loggedIn);
    expect(child(SYSTEM_IDS.session).getSnapshot().value).toBe('loggedIn');
    expect(child(SYSTEM_IDS.inactivity).getSnapshot().value).not.toBe('off');
    child(SYSTEM_IDS.navigation).send({ type: 'location.changed', pathname: '/about', search: '', hash: '' });
    await settle(gate, 'loadCollege', demoCollege);
    expect(actor.getSnapshot().value).toBe('loadingProfile');
    await settle(gate, 'loadProfile', sampleProfile);
    expect(actor.getSnapshot().value).toBe('student');
    expect(actor.getSnapshot().context).toMatchObject({
      isLoggedIn: true,
      isServiceUser: false,
      username: 'ada@example.org',
      lastPage: '/education',
      numLogins: 2,
      webStatus: 'started',
      hasChangedPage: false,
    });
    expect(child(SYSTEM_IDS.answers).getSnapshot().context.answers).toEqual({ first_name: 'Ada' });
    expect(child(SYSTEM_IDS.webStatus).getSnapshot().value).toEqual({ started: 'synced' });
    expect(child(SYSTEM_IDS.submit).getSnapshot().context).toMatchObject({ loggedIn: true, webStatus: 'started', essayLimit: demoCollege.essayLimit });
    expect(navigations).toEqual([{ type: 'navigate', to: '/education', replace: true }]);
  });

  it('logged in: counts at least one login and starts a status the profile lacks', async () => {
    const { actor, gate, child } = start(APP_INPUTS.loggedIn);
    await settle(gate, 'loadCollege', demoCollege);
    await settle(gate, 'loadProfile', { ...sampleProfile, successful_login: [], web_status: [] });
    expect(actor.getSnapshot().context.numLogins).toBe(1);
    expect(child(SYSTEM_IDS.webStatus).getSnapshot().value).toEqual({ started: 'posting' });
    expect(gate.inputOf('postWebStatus')).toBe('started');
    await settle(gate, 'postWebStatus', { message: 'Saved.' });
    expect(actor.getSnapshot().context.webStatus).toBe('started');
  });

  it('service token: loads the read-only copy and hands each child its part', async () => {
    const { actor, gate, child } = start(APP_INPUTS.service);
    expect(actor.getSnapshot().context).toMatchObject({ isServiceUser: true, isLoggedIn: false });
    await settle(gate, 'loadCollege', demoCollege);
    expect(gate.inputOf('loadServiceData')).toBe('service-token-0123456789');
    await settle(gate, 'loadServiceData', sampleServiceData);
    expect(actor.getSnapshot().value).toBe('service');
    expect(actor.getSnapshot().hasTag('readOnly')).toBe(true);
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toBe('readOnly');
    expect(child(SYSTEM_IDS.answers).getSnapshot().context.answers).toEqual({ first_name: 'Grace' });
    expect(child(SYSTEM_IDS.addAnother).getSnapshot().context.counts).toMatchObject({ legacy: 2 });
    expect(child(SYSTEM_IDS.tabs).getSnapshot().context.chosen).toMatchObject({ personal_statement: 'upload' });
    expect(child(documentSystemId('personal_statement_doc')).getSnapshot().hasTag('attached')).toBe(true);
  });

  it('a logged-in cookie does not make a staff link a student session', () => {
    const { actor } = start({ ...APP_INPUTS.service, cookie: 'logged_in=1' });
    expect(actor.getSnapshot().context).toMatchObject({ isServiceUser: true, isLoggedIn: false });
  });
});

describe('app: failures and session changes', () => {
  it('shows the root error screen when loading fails', async () => {
    const { actor, gate } = start(APP_INPUTS.anonymousWithToken);
    await settle(gate, 'loadCollege', demoCollege);
    gate.reject('loadTemporaryAnswers', failures.network);
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(failures.network.message);
  });

  it('a 401 on the profile ends the session: /login with the message, the cache dropped', async () => {
    const { actor, gate, child, navigations } = start(APP_INPUTS.loggedIn);
    child(SYSTEM_IDS.answers).send({ type: 'answers.replaceAll', answers: { first_name: 'Stale' } });
    await settle(gate, 'loadCollege', demoCollege);
    gate.reject('loadProfile', failures.unauthorised);
    await flush();
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context.isLoggedIn).toBe(false);
    expect(child(SYSTEM_IDS.session).getSnapshot().value).toBe('loggedOut');
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toBe('anonymous');
    expect(child(SYSTEM_IDS.answers).getSnapshot().context.answers).toEqual({});
    expect(child(SYSTEM_IDS.inactivity).getSnapshot().value).toBe('off');
    expect(navigations).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: SESSION_INVALID_MESSAGE } }]);
  });

  it('a logout drops the student and tells every child', async () => {
    const { actor, gate, child } = start(APP_INPUTS.loggedIn);
    await settle(gate, 'loadCollege', demoCollege);
    await settle(gate, 'loadProfile', sampleProfile);
    child(SYSTEM_IDS.session).send({ type: 'session.logout' });
    await settle(gate, 'logout', { message: '' });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context).toMatchObject({ isLoggedIn: false, username: '', numLogins: 0, webStatus: null });
    expect(child(SYSTEM_IDS.webStatus).getSnapshot().value).toBe('none');
    expect(child(SYSTEM_IDS.answers).getSnapshot().context.answers).toEqual({});
  });

  it('a login loads the profile', async () => {
    const { actor, gate, child } = start(APP_INPUTS.anonymous);
    await settle(gate, 'loadCollege', demoCollege);
    child(SYSTEM_IDS.session).send({ type: 'session.loggedIn' });
    expect(actor.getSnapshot().value).toBe('loadingProfile');
    expect(actor.getSnapshot().context.isLoggedIn).toBe(true);
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toEqual({ student: 'idle' });
    await settle(gate, 'loadProfile', sampleProfile);
    expect(actor.getSnapshot().value).toBe('student');
  });

  it('the first page change sets has_changed_page', async () => {
    const { actor, gate, child } = start(APP_INPUTS.anonymous);
    await settle(gate, 'loadCollege', demoCollege);
    child(SYSTEM_IDS.answers).send({ type: 'answers.saveAndGo', to: '/education' });
    expect(actor.getSnapshot().context.hasChangedPage).toBe(true);
  });
});

generatedPathSuite(appModel, (path) => {
  const gate = createGate();
  const machine = offline(appMachine, gate);
  const subject = createActor(machine, { input: path.input as never, systemId: SYSTEM_IDS.app });
  const errors: unknown[] = [];
  subject.subscribe({ error: (error) => errors.push(error) });
  subject.start();
  return { subject, machine, gate, errors, stop: () => subject.stop() };
});
