import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorRef, type EventObject, type SnapshotFrom } from 'xstate';
import demoCollege from '../../src/college/demo-college.json';
import { DOCUMENT_KEYS } from '../../src/catalogue/questions';
import type { AddAnotherContext } from '../../machines/addAnotherMachine';
import type { AnswersContext } from '../../machines/answersMachine';
import { appMachine } from '../../machines/appMachine';
import { authCardMachine } from '../../machines/authCardMachine';
import { APP_INPUTS, sampleProfile, sampleServiceData } from '../qa/models/app';
import { failures } from '../qa/fixtures';
import { SESSION_INVALID_MESSAGE, type sessionMachine } from '../../machines/sessionMachine';
import { connectSession } from '../../machines/sessionView';
import type { SubmitContext } from '../../machines/submitMachine';
import type { TabsContext } from '../../machines/tabsMachine';
import type { ValidationContext } from '../../machines/validationMachine';
import { SYSTEM_IDS, documentSystemId } from '../../machines/systemIds';
import { offlineFormActors, offlinePageActors } from './helpers/formActors';
import { createGate, flush, offline, type Gate, type MachineRef } from './helpers/system';

/** The session actor as the views see it. */
const sessionView = (session: MachineRef) => connectSession(session.getSnapshot() as SnapshotFrom<typeof sessionMachine>, () => undefined);

/** Spawned at start: what every page needs. */
const CORE_CHILDREN = [
  SYSTEM_IDS.session,
  SYSTEM_IDS.navigation,
  SYSTEM_IDS.toasts,
  SYSTEM_IDS.webStatus,
  SYSTEM_IDS.unexpectedError,
  SYSTEM_IDS.overlays,
];

/** Spawned once machines/formActors and then machines/pageActors are loaded. */
const FORM_CHILDREN = [
  SYSTEM_IDS.answers,
  SYSTEM_IDS.validation,
  SYSTEM_IDS.submit,
  SYSTEM_IDS.lookup,
  SYSTEM_IDS.addAnother,
  SYSTEM_IDS.tabs,
  SYSTEM_IDS.pdfCopy,
  SYSTEM_IDS.clearGuard,
  ...DOCUMENT_KEYS.map(documentSystemId),
];

/** Spawned once machines/pageActors is loaded, right after machines/formActors. */
const PAGE_CHILDREN = [SYSTEM_IDS.lookup, SYSTEM_IDS.tabs, SYSTEM_IDS.pdfCopy, SYSTEM_IDS.submit, ...DOCUMENT_KEYS.map(documentSystemId)];

const at = (pathname: string) => ({ type: 'location.changed', pathname, search: '', hash: '' }) as const;

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
  const child = (id: string) => actor.system.get(id) as MachineRef;
  /** The dynamic import of machines/formActors resolves (with every call of theirs on the gate too). */
  const loadCoreForm = () => settle(gate, 'loadFormActors', offlineFormActors(gate));
  /** …and then machines/pageActors, which the root asks for as soon as the others are there. */
  const loadForm = async () => {
    await loadCoreForm();
    await settle(gate, 'loadPageActors', offlinePageActors(gate));
  };
  const requestedForm = () => gate.calls.some((call) => call.id === 'loadFormActors');
  /** The dynamic import of machines/authCardMachine resolves (its calls on the gate too). */
  const loadAuth = () => settle(gate, 'loadAuthCard', offline(authCardMachine, gate));
  const requestedAuth = () => gate.calls.some((call) => call.id === 'loadAuthCard');
  return { actor, gate, navigations, errors, child, loadForm, loadCoreForm, requestedForm, loadAuth, requestedAuth };
}

async function settle(gate: Gate, id: string, output: unknown) {
  gate.resolve(id, output);
  await flush();
}

describe('app: every mode', () => {
  it.each(Object.entries(APP_INPUTS))('%s: spawns the core children under their system ids at once', (_mode, input) => {
    const { actor, child, errors } = start(input);
    for (const id of CORE_CHILDREN) expect(child(id), id).toBeDefined();
    expect(actor.system.get(SYSTEM_IDS.app)).toBe(actor);
    expect(actor.getSnapshot().matches({ user: 'loadingCollege' })).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(errors).toEqual([]);
  });

  it.each(Object.entries(APP_INPUTS).filter(([mode]) => !mode.endsWith('OnLogin')))(
    '%s: on a form route, loads the form actors at once and spawns every one under its system id',
    async (_mode, input) => {
      const { actor, child, errors, loadForm, requestedForm } = start(input);
      expect(requestedForm()).toBe(true);
      expect(actor.getSnapshot().value).toEqual({ user: 'loadingCollege', auth: 'absent', form: 'loading' });
      expect(actor.getSnapshot().hasTag('formLoading')).toBe(true);
      for (const id of FORM_CHILDREN) expect(child(id), id).toBeUndefined();
      await loadForm();
      for (const id of FORM_CHILDREN) expect(child(id), id).toBeDefined();
      // Same ids as system ids: the root's children, under the names the views look them up by.
      for (const id of FORM_CHILDREN) expect(actor.getSnapshot().children[id], id).toBe(child(id));
      expect(actor.getSnapshot().value).toEqual({ user: 'loadingCollege', auth: 'absent', form: { ready: 'complete' } });
      expect(actor.getSnapshot().hasTag('formReady')).toBe(true);
      expect(errors).toEqual([]);
    },
  );

  it('anonymous: ready once the college is known, with nothing else to load', async () => {
    const { actor, gate, child, loadForm } = start(APP_INPUTS.anonymous);
    expect(sessionView(child(SYSTEM_IDS.session)).inactivity).toBeUndefined();
    await loadForm();
    await settle(gate, 'loadCollege', demoCollege);
    expect(actor.getSnapshot().value).toEqual({ user: 'anonymous', auth: 'absent', form: { ready: 'complete' } });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ isLoggedIn: false, isServiceUser: false, webStatus: null, college: demoCollege });
    expect(child(SYSTEM_IDS.webStatus).getSnapshot().value).toBe('none');
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toBe('anonymous');
    expect(gate.calls.map((call) => call.id)).not.toContain('loadProfile');
  });

  it('anonymous with token: loads the temporary public answers', async () => {
    const { actor, gate, child, loadForm } = start(APP_INPUTS.anonymousWithToken);
    await loadForm();
    await settle(gate, 'loadCollege', demoCollege);
    expect(actor.getSnapshot().matches({ user: 'loadingTemporaryAnswers' })).toBe(true);
    expect(gate.inputOf('loadTemporaryAnswers')).toBe('tmp-token-0123456789');
    await settle(gate, 'loadTemporaryAnswers', { answer: { first_name: 'Alan' } });
    expect(actor.getSnapshot().matches({ user: 'anonymous' })).toBe(true);
    expect((child(SYSTEM_IDS.answers).getSnapshot().context as AnswersContext).answers).toEqual({ first_name: 'Alan' });
  });

  it('anonymous with token: answers loaded before the form actors wait for them', async () => {
    const { actor, gate, child, loadForm } = start(APP_INPUTS.anonymousWithToken);
    await settle(gate, 'loadCollege', demoCollege);
    await settle(gate, 'loadTemporaryAnswers', { answer: { first_name: 'Alan' } });
    expect(actor.getSnapshot().context.handOver.answers).toEqual({ first_name: 'Alan' });
    await loadForm();
    expect((child(SYSTEM_IDS.answers).getSnapshot().context as AnswersContext).answers).toEqual({ first_name: 'Alan' });
    expect((child(SYSTEM_IDS.validation).getSnapshot().context as ValidationContext).answers).toEqual({ first_name: 'Alan' });
    expect(actor.getSnapshot().context.handOver).toEqual({ answers: null, service: null });
  });

  it('logged in: loads the profile into the client snapshot and the children', async () => {
    const { actor, gate, child, navigations, loadForm } = start(APP_INPUTS.loggedIn);
    // The session is open from the start, with its inactivity logout running.
    expect(sessionView(child(SYSTEM_IDS.session)).inactivity).toBeDefined();
    await loadForm();
    child(SYSTEM_IDS.navigation).send(at('/about'));
    await settle(gate, 'loadCollege', demoCollege);
    expect(actor.getSnapshot().matches({ user: 'loadingProfile' })).toBe(true);
    await settle(gate, 'loadProfile', sampleProfile);
    expect(actor.getSnapshot().value).toEqual({ user: 'student', auth: 'absent', form: { ready: 'complete' } });
    expect(actor.getSnapshot().context).toMatchObject({
      isLoggedIn: true,
      isServiceUser: false,
      username: 'ada@example.org',
      lastPage: '/education',
      numLogins: 2,
      webStatus: 'started',
      hasChangedPage: false,
    });
    expect((child(SYSTEM_IDS.answers).getSnapshot().context as AnswersContext).answers).toEqual({ first_name: 'Ada' });
    expect(child(SYSTEM_IDS.webStatus).getSnapshot().value).toEqual({ started: 'synced' });
    expect(child(SYSTEM_IDS.submit).getSnapshot().context).toMatchObject({
      loggedIn: true,
      webStatus: 'started',
      essayLimit: demoCollege.essayLimit,
    });
    expect(navigations).toEqual([{ type: 'navigate', to: '/education', replace: true }]);
  });

  it('logged in: the form actors arriving after the profile get the answers, the status and the college', async () => {
    const { actor, gate, child, loadForm } = start(APP_INPUTS.loggedIn);
    child(SYSTEM_IDS.navigation).send(at('/about'));
    await settle(gate, 'loadCollege', demoCollege);
    await settle(gate, 'loadProfile', { ...sampleProfile, web_status: [{ web_status: 'started' }, { web_status: 'validating' }] });
    expect(actor.getSnapshot().value).toEqual({ user: 'student', auth: 'absent', form: 'loading' });
    expect(actor.getSnapshot().context.handOver.answers).toEqual({ first_name: 'Ada' });
    await loadForm();
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toEqual({ student: 'idle' });
    expect((child(SYSTEM_IDS.answers).getSnapshot().context as AnswersContext).answers).toEqual({ first_name: 'Ada' });
    expect(child(SYSTEM_IDS.submit).getSnapshot().context).toMatchObject({
      loggedIn: true,
      webStatus: 'validating',
      essayLimit: demoCollege.essayLimit,
      answers: { first_name: 'Ada' },
    });
    expect(child(SYSTEM_IDS.validation).getSnapshot().matches('active')).toBe(true);
    expect((child(SYSTEM_IDS.validation).getSnapshot().context as ValidationContext).essayLimit).toBe(demoCollege.essayLimit);
    expect(child(SYSTEM_IDS.pdfCopy).getSnapshot().matches('active')).toBe(true);
    expect(actor.getSnapshot().context.handOver).toEqual({ answers: null, service: null });
  });

  it('logged in: counts at least one login and starts a status the profile lacks', async () => {
    const { actor, gate, child, loadForm } = start(APP_INPUTS.loggedIn);
    await loadForm();
    await settle(gate, 'loadCollege', demoCollege);
    await settle(gate, 'loadProfile', { ...sampleProfile, successful_login: [], web_status: [] });
    expect(actor.getSnapshot().context.numLogins).toBe(1);
    expect(child(SYSTEM_IDS.webStatus).getSnapshot().value).toEqual({ started: 'posting' });
    expect(gate.inputOf('postWebStatus')).toBe('started');
    await settle(gate, 'postWebStatus', { message: 'Saved.' });
    expect(actor.getSnapshot().context.webStatus).toBe('started');
    expect((child(SYSTEM_IDS.submit).getSnapshot().context as SubmitContext).webStatus).toBe('started');
  });

  it('service token: loads the read-only copy and hands each child its part', async () => {
    const { actor, gate, child, loadForm } = start(APP_INPUTS.service);
    expect(actor.getSnapshot().context).toMatchObject({ isServiceUser: true, isLoggedIn: false });
    await loadForm();
    await settle(gate, 'loadCollege', demoCollege);
    expect(gate.inputOf('loadServiceData')).toBe('service-token-0123456789');
    await settle(gate, 'loadServiceData', sampleServiceData);
    expect(actor.getSnapshot().value).toEqual({ user: 'service', auth: 'absent', form: { ready: 'complete' } });
    expect(actor.getSnapshot().hasTag('readOnly')).toBe(true);
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toBe('readOnly');
    expect((child(SYSTEM_IDS.answers).getSnapshot().context as AnswersContext).answers).toEqual({ first_name: 'Grace' });
    expect((child(SYSTEM_IDS.addAnother).getSnapshot().context as AddAnotherContext).counts).toMatchObject({ legacy: 2 });
    expect((child(SYSTEM_IDS.tabs).getSnapshot().context as TabsContext).chosen).toMatchObject({ personal_statement: 'upload' });
    expect(child(documentSystemId('personal_statement_doc')).getSnapshot().hasTag('attached')).toBe(true);
  });

  it('service token: a copy loaded before the form actors waits for them', async () => {
    const { actor, gate, child, loadForm } = start(APP_INPUTS.service);
    await settle(gate, 'loadCollege', demoCollege);
    await settle(gate, 'loadServiceData', sampleServiceData);
    expect(actor.getSnapshot().value).toEqual({ user: 'service', auth: 'absent', form: 'loading' });
    expect(actor.getSnapshot().hasTag('formReady')).toBe(false);
    await loadForm();
    expect(actor.getSnapshot().hasTag('formReady')).toBe(true);
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toBe('readOnly');
    expect((child(SYSTEM_IDS.answers).getSnapshot().context as AnswersContext).answers).toEqual({ first_name: 'Grace' });
    expect(child(SYSTEM_IDS.addAnother).getSnapshot().value).toBe('readOnly');
    expect((child(SYSTEM_IDS.addAnother).getSnapshot().context as AddAnotherContext).counts).toMatchObject({ legacy: 2 });
    expect((child(SYSTEM_IDS.tabs).getSnapshot().context as TabsContext).chosen).toMatchObject({ personal_statement: 'upload' });
    expect(child(documentSystemId('personal_statement_doc')).getSnapshot().hasTag('attached')).toBe(true);
    expect(actor.getSnapshot().context.handOver).toEqual({ answers: null, service: null });
  });

  it('/about is ready with the form actors every page needs; the page-specific ones (documents, tabs, school search, PDF copy, submit) follow at once', async () => {
    const { actor, gate, child, loadCoreForm } = start(APP_INPUTS.anonymous);
    await loadCoreForm();
    expect(actor.getSnapshot().hasTag('formReady')).toBe(true);
    expect(actor.getSnapshot().hasTag('pageActorsLoading')).toBe(true);
    for (const id of [SYSTEM_IDS.answers, SYSTEM_IDS.validation, SYSTEM_IDS.addAnother, SYSTEM_IDS.clearGuard]) {
      expect(child(id), id).toBeDefined();
    }
    for (const id of PAGE_CHILDREN) expect(child(id), id).toBeUndefined();
    // Typed before the submit actor exists: it must still know them when it arrives.
    child(SYSTEM_IDS.answers).send({ type: 'answers.set', key: 'first_name', value: 'Ada' });
    expect(gate.calls.some((call) => call.id === 'loadPageActors')).toBe(true);
    await settle(gate, 'loadPageActors', offlinePageActors(gate));
    for (const id of PAGE_CHILDREN) expect(actor.getSnapshot().children[id], id).toBe(child(id));
    expect(actor.getSnapshot().hasTag('pageActorsReady')).toBe(true);
    expect((child(SYSTEM_IDS.submit).getSnapshot().context as SubmitContext).answers).toEqual({ first_name: 'Ada' });
  });

  it('a submit actor that arrives after the status and the college knows both', async () => {
    const { gate, child, loadCoreForm } = start(APP_INPUTS.loggedIn);
    await settle(gate, 'loadCollege', demoCollege);
    await settle(gate, 'loadProfile', { ...sampleProfile, web_status: [{ web_status: 'started' }, { web_status: 'validating' }] });
    await loadCoreForm();
    await settle(gate, 'loadPageActors', offlinePageActors(gate));
    expect(child(SYSTEM_IDS.submit).getSnapshot().context).toMatchObject({
      loggedIn: true,
      webStatus: 'validating',
      essayLimit: demoCollege.essayLimit,
      answers: { first_name: 'Ada' },
    });
  });

  it('service token: the tabs, documents and counts of a copy wait for the page-specific actors', async () => {
    const { actor, gate, child, loadCoreForm } = start(APP_INPUTS.service);
    await settle(gate, 'loadCollege', demoCollege);
    await settle(gate, 'loadServiceData', sampleServiceData);
    await loadCoreForm();
    expect((child(SYSTEM_IDS.answers).getSnapshot().context as AnswersContext).answers).toEqual({ first_name: 'Grace' });
    expect(actor.getSnapshot().context.handOver.service).toEqual(sampleServiceData);
    await settle(gate, 'loadPageActors', offlinePageActors(gate));
    expect((child(SYSTEM_IDS.addAnother).getSnapshot().context as AddAnotherContext).counts).toMatchObject({ legacy: 2 });
    expect((child(SYSTEM_IDS.tabs).getSnapshot().context as TabsContext).chosen).toMatchObject({ personal_statement: 'upload' });
    expect(child(documentSystemId('personal_statement_doc')).getSnapshot().hasTag('attached')).toBe(true);
    expect(actor.getSnapshot().context.handOver).toEqual({ answers: null, service: null });
  });

  it('a lost connection while fetching the page-specific actors keeps /about up; the form area tries again', async () => {
    const { actor, gate, child, loadCoreForm } = start(APP_INPUTS.anonymous);
    await loadCoreForm();
    gate.reject('loadPageActors', new TypeError('Failed to fetch dynamically imported module'));
    await flush();
    expect(actor.getSnapshot().hasTag('formReady')).toBe(true);
    expect(actor.getSnapshot().hasTag('pageActorsFailed')).toBe(true);
    expect(actor.getSnapshot().hasTag('error')).toBe(false);
    actor.send({ type: 'app.formArea' });
    expect(actor.getSnapshot().hasTag('pageActorsLoading')).toBe(true);
    await settle(gate, 'loadPageActors', offlinePageActors(gate));
    expect(child(SYSTEM_IDS.tabs)).toBeDefined();
  });

  it('a logged-in cookie does not make a staff link a student session', () => {
    const { actor } = start({ ...APP_INPUTS.service, cookie: 'logged_in=1' });
    expect(actor.getSnapshot().context).toMatchObject({ isServiceUser: true, isLoggedIn: false });
  });
});

describe('app: the form actors load on demand', () => {
  it('an auth card loads none of them', async () => {
    const { actor, gate, child, requestedForm, navigations, loadAuth } = start(APP_INPUTS.anonymousOnLogin);
    child(SYSTEM_IDS.navigation).send(at('/login'));
    await settle(gate, 'loadCollege', demoCollege);
    await loadAuth();
    expect(actor.getSnapshot().value).toEqual({ user: 'anonymous', auth: 'ready', form: 'absent' });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    // The auth pages move between themselves without them (no answers actor: no answers to carry).
    child(SYSTEM_IDS.authCard).send({ type: 'link.follow', to: 'signup' });
    expect(navigations).toEqual([{ type: 'navigate', to: '/signup' }]);
    child(SYSTEM_IDS.navigation).send(at('/signup'));
    child(SYSTEM_IDS.navigation).send(at('/forgot'));
    await flush();
    expect(requestedForm()).toBe(false);
    for (const id of FORM_CHILDREN) expect(child(id), id).toBeUndefined();
  });

  it.each(['/about', '/final-steps', '/completion', '/nowhere'])('reaching %s loads them', async (pathname) => {
    const { actor, gate, child, requestedForm, loadForm } = start(APP_INPUTS.anonymousOnLogin);
    child(SYSTEM_IDS.navigation).send(at('/login'));
    await settle(gate, 'loadCollege', demoCollege);
    child(SYSTEM_IDS.navigation).send(at(pathname));
    await flush();
    expect(requestedForm()).toBe(true);
    expect(actor.getSnapshot().value).toEqual({ user: 'anonymous', auth: 'loading', form: 'loading' });
    await loadForm();
    expect(actor.getSnapshot().value).toEqual({ user: 'anonymous', auth: 'loading', form: { ready: 'complete' } });
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toBe('anonymous');
  });

  it.each([
    ['a service link', '?service_token=service-token-0123456789'],
    ['a token', '?token=tmp-token-0123456789'],
  ])('%s loads them even on an auth route', (_name, search) => {
    const { requestedForm } = start({ ...APP_INPUTS.anonymousOnLogin, search });
    expect(requestedForm()).toBe(true);
  });

  it('a student on an auth card keeps the profile answers until the form area needs them', async () => {
    const { actor, gate, child, loadForm, requestedForm } = start({ ...APP_INPUTS.loggedInOnLogin });
    child(SYSTEM_IDS.navigation).send(at('/login'));
    await settle(gate, 'loadCollege', demoCollege);
    await settle(gate, 'loadProfile', { ...sampleProfile, last_page: null });
    expect(actor.getSnapshot().value).toEqual({ user: 'student', auth: 'loading', form: 'absent' });
    expect(requestedForm()).toBe(false);
    expect(actor.getSnapshot().context.handOver.answers).toEqual({ first_name: 'Ada' });
    child(SYSTEM_IDS.navigation).send(at('/about'));
    await loadForm();
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toEqual({ student: 'idle' });
    expect((child(SYSTEM_IDS.answers).getSnapshot().context as AnswersContext).answers).toEqual({ first_name: 'Ada' });
    expect(child(SYSTEM_IDS.submit).getSnapshot().context).toMatchObject({ loggedIn: true, webStatus: 'started' });
  });

  it('a student on an auth card is sent to the saved last page, which loads them', async () => {
    const { gate, child, navigations, requestedForm } = start(APP_INPUTS.loggedInOnLogin);
    child(SYSTEM_IDS.navigation).send(at('/login'));
    await settle(gate, 'loadCollege', demoCollege);
    await settle(gate, 'loadProfile', sampleProfile);
    expect(navigations).toEqual([{ type: 'navigate', to: '/education', replace: true }]);
    expect(requestedForm()).toBe(true);
  });

  it('a login on /login, then the default route: the profile reaches the answers actor', async () => {
    const { actor, gate, child, loadForm } = start(APP_INPUTS.anonymousOnLogin);
    child(SYSTEM_IDS.navigation).send(at('/login'));
    await settle(gate, 'loadCollege', demoCollege);
    child(SYSTEM_IDS.session).send({ type: 'session.loggedIn' });
    expect(actor.getSnapshot().matches({ user: 'loadingProfile' })).toBe(true);
    child(SYSTEM_IDS.navigation).send(at('/about'));
    await settle(gate, 'loadProfile', sampleProfile);
    await loadForm();
    expect(actor.getSnapshot().value).toEqual({ user: 'student', auth: 'loading', form: { ready: 'complete' } });
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toEqual({ student: 'idle' });
    expect((child(SYSTEM_IDS.answers).getSnapshot().context as AnswersContext).answers).toEqual({ first_name: 'Ada' });
  });

  it('a lost connection while fetching them leaves the page up (no root error screen); the form area tries again', async () => {
    const { actor, gate, child, loadForm } = start(APP_INPUTS.anonymous);
    await settle(gate, 'loadCollege', demoCollege);
    gate.reject('loadFormActors', failures.network);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ user: 'anonymous', auth: 'absent', form: 'failed' });
    expect(actor.getSnapshot().hasTag('error')).toBe(false);
    expect(actor.getSnapshot().hasTag('formFailed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(failures.network.message);
    child(SYSTEM_IDS.navigation).send(at('/education'));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ user: 'anonymous', auth: 'absent', form: 'loading' });
    await loadForm();
    expect(actor.getSnapshot().hasTag('formFailed')).toBe(false);
    expect(actor.getSnapshot().hasTag('formReady')).toBe(true);
  });

  it('a session ended before they exist leaves them nothing stale', async () => {
    const { actor, gate, child, loadForm } = start(APP_INPUTS.loggedInOnLogin);
    child(SYSTEM_IDS.navigation).send(at('/login'));
    await settle(gate, 'loadCollege', demoCollege);
    await settle(gate, 'loadProfile', { ...sampleProfile, last_page: null });
    child(SYSTEM_IDS.session).send({ type: 'session.logout' });
    await settle(gate, 'logout', { message: '' });
    expect(actor.getSnapshot().value).toEqual({ user: 'anonymous', auth: 'loading', form: 'absent' });
    expect(actor.getSnapshot().context.handOver.answers).toEqual({});
    child(SYSTEM_IDS.navigation).send(at('/about'));
    await loadForm();
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toBe('anonymous');
    expect((child(SYSTEM_IDS.answers).getSnapshot().context as AnswersContext).answers).toEqual({});
  });
});

describe('app: the auth card actor loads on demand', () => {
  it('a page that starts on an auth card asks for it at once and spawns it under its system id', async () => {
    const { actor, gate, child, loadAuth, requestedAuth } = start(APP_INPUTS.anonymousOnLogin);
    expect(requestedAuth()).toBe(true);
    expect(actor.getSnapshot().hasTag('authLoading')).toBe(true);
    expect(child(SYSTEM_IDS.authCard)).toBeUndefined();
    child(SYSTEM_IDS.navigation).send(at('/login'));
    await settle(gate, 'loadCollege', demoCollege);
    await loadAuth();
    expect(actor.getSnapshot().hasTag('authReady')).toBe(true);
    expect(child(SYSTEM_IDS.authCard).getSnapshot().status).toBe('active');
    child(SYSTEM_IDS.authCard).send({ type: 'card.open', card: 'forgot', prefill: {} });
    expect(child(SYSTEM_IDS.authCard).getSnapshot().context).toMatchObject({ card: 'forgot' });
  });

  it('the form area needs none of it; reaching an auth card loads it', async () => {
    const { actor, gate, child, loadForm, loadAuth, requestedAuth } = start(APP_INPUTS.anonymous);
    child(SYSTEM_IDS.navigation).send(at('/about'));
    await settle(gate, 'loadCollege', demoCollege);
    await loadForm();
    expect(requestedAuth()).toBe(false);
    expect(child(SYSTEM_IDS.authCard)).toBeUndefined();
    child(SYSTEM_IDS.navigation).send(at('/signup'));
    await flush();
    expect(requestedAuth()).toBe(true);
    expect(actor.getSnapshot().value).toEqual({ user: 'anonymous', auth: 'loading', form: { ready: 'complete' } });
    await loadAuth();
    expect(actor.getSnapshot().value).toEqual({ user: 'anonymous', auth: 'ready', form: { ready: 'complete' } });
    expect(child(SYSTEM_IDS.authCard)).toBeDefined();
  });

  it('a lost connection while fetching it leaves the page up (no root error screen); the next auth card tries again', async () => {
    const { actor, gate, child, loadAuth } = start(APP_INPUTS.anonymousOnLogin);
    child(SYSTEM_IDS.navigation).send(at('/login'));
    await settle(gate, 'loadCollege', demoCollege);
    gate.reject('loadAuthCard', failures.network);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ user: 'anonymous', auth: 'failed', form: 'absent' });
    expect(actor.getSnapshot().hasTag('error')).toBe(false);
    expect(actor.getSnapshot().hasTag('authFailed')).toBe(true);
    child(SYSTEM_IDS.navigation).send(at('/forgot'));
    await flush();
    expect(actor.getSnapshot().hasTag('authLoading')).toBe(true);
    await loadAuth();
    expect(actor.getSnapshot().hasTag('authFailed')).toBe(false);
    expect(actor.getSnapshot().hasTag('authReady')).toBe(true);
  });
});

describe('app: failures and session changes', () => {
  it('shows the root error screen when loading fails', async () => {
    const { actor, gate } = start(APP_INPUTS.anonymousWithToken);
    await settle(gate, 'loadCollege', demoCollege);
    gate.reject('loadTemporaryAnswers', failures.network);
    await flush();
    expect(actor.getSnapshot().matches({ user: 'failed' })).toBe(true);
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(failures.network.message);
  });

  it("docs/behaviour.md 'Which errors are the page's': a form actor's failed load is the page's (root error screen), an action's failure a toast", async () => {
    const { actor, gate, child, loadForm } = start(APP_INPUTS.loggedIn);
    await loadForm();
    child(SYSTEM_IDS.navigation).send(at('/about'));
    await settle(gate, 'loadCollege', demoCollege);
    await settle(gate, 'loadProfile', sampleProfile);
    // The action's error: adding a parent fails, the page stays and says so in a toast.
    await settle(gate, 'loadCounts', {});
    child(SYSTEM_IDS.addAnother).send({ type: 'add', buttonId: 'parents' });
    await flush();
    gate.reject('saveCount', new Error('Server trouble.'));
    await flush();
    expect(actor.getSnapshot().matches({ user: 'student' })).toBe(true);
    expect(actor.getSnapshot().hasTag('error')).toBe(false);
    expect((child(SYSTEM_IDS.toasts).getSnapshot() as { context: { toasts: unknown[] } }).context.toasts).toEqual([
      expect.objectContaining({ severity: 'error', title: 'Error adding another parents', message: 'Server trouble.' }),
    ]);
    // The page's error: the tab choices cannot be loaded, so the page would show a tab not chosen.
    gate.reject('loadTabs', new Error('Database unavailable.'));
    await flush();
    expect(actor.getSnapshot().matches({ user: 'failed' })).toBe(true);
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Database unavailable.');
  });

  it('a 401 on the profile ends the session: /login with the message, the cache dropped', async () => {
    const { actor, gate, child, navigations, loadForm } = start(APP_INPUTS.loggedIn);
    await loadForm();
    child(SYSTEM_IDS.answers).send({ type: 'answers.replaceAll', answers: { first_name: 'Stale' }, version: 1 });
    await settle(gate, 'loadCollege', demoCollege);
    gate.reject('loadProfile', failures.unauthorised);
    await flush();
    expect(actor.getSnapshot().matches({ user: 'anonymous' })).toBe(true);
    expect(actor.getSnapshot().context.isLoggedIn).toBe(false);
    // The session is over: no inactivity logout runs any more.
    expect(sessionView(child(SYSTEM_IDS.session)).inactivity).toBeUndefined();
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toBe('anonymous');
    expect((child(SYSTEM_IDS.answers).getSnapshot().context as AnswersContext).answers).toEqual({});
    // The profile can answer before React mounted the router: the move waits for its first report.
    expect(navigations).toEqual([]);
    child(SYSTEM_IDS.navigation).send(at('/about'));
    expect(navigations).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: SESSION_INVALID_MESSAGE } }]);
  });

  it('a logout drops the student and tells every child', async () => {
    const { actor, gate, child, loadForm } = start(APP_INPUTS.loggedIn);
    await loadForm();
    await settle(gate, 'loadCollege', demoCollege);
    await settle(gate, 'loadProfile', sampleProfile);
    child(SYSTEM_IDS.session).send({ type: 'session.logout' });
    await settle(gate, 'logout', { message: '' });
    expect(actor.getSnapshot().value).toEqual({ user: 'anonymous', auth: 'absent', form: { ready: 'complete' } });
    expect(actor.getSnapshot().context).toMatchObject({ isLoggedIn: false, username: '', numLogins: 0, webStatus: null });
    expect(child(SYSTEM_IDS.webStatus).getSnapshot().value).toBe('none');
    expect((child(SYSTEM_IDS.answers).getSnapshot().context as AnswersContext).answers).toEqual({});
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toBe('anonymous');
    expect(child(SYSTEM_IDS.pdfCopy).getSnapshot().value).toBe('inactive');
  });

  it('a login loads the profile', async () => {
    const { actor, gate, child, loadForm } = start(APP_INPUTS.anonymous);
    await loadForm();
    await settle(gate, 'loadCollege', demoCollege);
    child(SYSTEM_IDS.session).send({ type: 'session.loggedIn' });
    expect(actor.getSnapshot().matches({ user: 'loadingProfile' })).toBe(true);
    expect(actor.getSnapshot().context.isLoggedIn).toBe(true);
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toEqual({ student: 'idle' });
    await settle(gate, 'loadProfile', sampleProfile);
    expect(actor.getSnapshot().matches({ user: 'student' })).toBe(true);
  });

  it('the first page change sets has_changed_page', async () => {
    const { actor, gate, child, loadForm } = start(APP_INPUTS.anonymous);
    await loadForm();
    await settle(gate, 'loadCollege', demoCollege);
    child(SYSTEM_IDS.answers).send({ type: 'answers.saveAndGo', to: '/education' });
    expect(actor.getSnapshot().context.hasChangedPage).toBe(true);
  });

  it('a login starts a new visit: a page change made before it no longer hides the first-login banner', async () => {
    const { actor, gate, child, loadForm } = start(APP_INPUTS.anonymous);
    await loadForm();
    await settle(gate, 'loadCollege', demoCollege);
    child(SYSTEM_IDS.answers).send({ type: 'answers.saveAndGo', to: '/education' });
    expect(actor.getSnapshot().context.hasChangedPage).toBe(true);
    child(SYSTEM_IDS.session).send({ type: 'session.loggedIn' });
    expect(actor.getSnapshot().context.hasChangedPage).toBe(false);
  });
});
