import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorRef, type EventObject, type SnapshotFrom } from 'xstate';
import demoCollege from '../../src/college/demo-college.json';
import { DOCUMENT_KEYS } from '../../src/catalogue/questions';
import type { AddAnotherContext } from '../../machines/addAnotherMachine';
import { draftKey } from '../../machines/answerDrafts';
import type { AnswersContext } from '../../machines/answersContext';
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
import { memoryStorage, offlineApplication } from './helpers/formActors';
import { createGate, flush, offline, type MachineRef } from './helpers/system';

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

/** One per document question: an applicant's or staff's application spawns them, a visitor's none (a document needs an account). */
const DOCUMENT_CHILDREN = DOCUMENT_KEYS.map(documentSystemId);

/** Spawned by the session's application, all at once (the documents' for an applicant or staff). */
const FORM_CHILDREN = [
  SYSTEM_IDS.answers,
  SYSTEM_IDS.validation,
  SYSTEM_IDS.submit,
  SYSTEM_IDS.lookup,
  SYSTEM_IDS.addAnother,
  SYSTEM_IDS.tabs,
  SYSTEM_IDS.pdfCopy,
  SYSTEM_IDS.clearGuard,
  ...DOCUMENT_CHILDREN,
];

/** Where a visitor's typed answers stay in this tab until an account takes them. */
const TYPED_KEY = 'admissions.answers';

const at = (pathname: string) => ({ type: 'location.changed', pathname, search: '', hash: '' }) as const;

let device: { session: Storage; local: Storage };
beforeEach(() => {
  vi.useFakeTimers();
  device = { session: memoryStorage(), local: memoryStorage() };
  vi.stubGlobal('sessionStorage', device.session);
  vi.stubGlobal('localStorage', device.local);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function start(input: (typeof APP_INPUTS)[keyof typeof APP_INPUTS]) {
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
    '%s: on a form route, loads the application at once; it starts once who is using the app is known, with every form actor under its system id',
    async (_mode, input) => {
      const { actor, child, errors, loadForm, requestedForm } = start(input);
      expect(requestedForm()).toBe(true);
      expect(actor.getSnapshot().value).toEqual({ user: 'loadingCollege', auth: 'absent', application: 'loading' });
      expect(actor.getSnapshot().hasTag('formLoading')).toBe(true);
      await loadForm();
      // The code is there, the session not yet: nothing is spawned with what is not known.
      expect(actor.getSnapshot().value).toEqual({ user: 'loadingCollege', auth: 'absent', application: 'loaded' });
      expect(child(SYSTEM_IDS.application)).toBeUndefined();
      for (const id of FORM_CHILDREN) expect(child(id), id).toBeUndefined();
      expect(errors).toEqual([]);
    },
  );

  it("visitor: a visitor's application exists on /about once the college is loaded, with nothing else to load", async () => {
    const { actor, gate, child, settle, answers, loadForm } = start(APP_INPUTS.visitor);
    expect(sessionView(child(SYSTEM_IDS.session)).inactivity).toBeUndefined();
    await loadForm();
    expect(actor.getSnapshot().hasTag('formReady')).toBe(false);
    await settle('loadCollege', demoCollege);
    expect(actor.getSnapshot().value).toEqual({ user: 'visitor', auth: 'absent', application: 'running' });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().hasTag('formReady')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ isLoggedIn: false, isStaff: false, webStatus: null, college: demoCollege });
    const visitorChildren = FORM_CHILDREN.filter((id) => !DOCUMENT_CHILDREN.includes(id));
    for (const id of visitorChildren) expect(child(id), id).toBeDefined();
    // Under the application, by the system ids the views look them up by.
    for (const id of visitorChildren) expect(child(id)._parent, id).toBe(child(SYSTEM_IDS.application));
    // Nothing may be called without a session: no document actor, the question says it needs an account.
    for (const id of DOCUMENT_CHILDREN) expect(child(id), id).toBeUndefined();
    expect(child(SYSTEM_IDS.webStatus).getSnapshot().value).toBe('none');
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toBe('onDevice');
    expect(answers().answers).toEqual({});
    expect((child(SYSTEM_IDS.submit).getSnapshot().context as SubmitContext).role).toBe('visitor');
    expect(child(SYSTEM_IDS.pdfCopy).getSnapshot().value).toBe('inactive');
    expect(gate.calls.map((call) => call.id)).not.toContain('loadProfile');
  });

  it("visitor with token: the prefilled answers are the visitor's, whichever arrives first", async () => {
    const early = start(APP_INPUTS.visitorWithToken);
    await early.loadForm();
    await early.settle('loadCollege', demoCollege);
    expect(early.actor.getSnapshot().matches({ user: 'loadingTemporaryAnswers' })).toBe(true);
    expect(early.gate.inputOf('loadTemporaryAnswers')).toBe('tmp-token-0123456789');
    expect(early.child(SYSTEM_IDS.answers)).toBeUndefined();
    await early.settle('loadTemporaryAnswers', { answer: { first_name: 'Alan' } });
    expect(early.actor.getSnapshot().matches({ user: 'visitor' })).toBe(true);
    expect(early.answers().answers).toEqual({ first_name: 'Alan' });

    const late = start(APP_INPUTS.visitorWithToken);
    await late.settle('loadCollege', demoCollege);
    await late.settle('loadTemporaryAnswers', { answer: { first_name: 'Alan' } });
    await late.loadForm();
    expect(late.answers().answers).toEqual({ first_name: 'Alan' });
    // The answers actor alone holds them.
    expect(late.child(SYSTEM_IDS.validation).getSnapshot().context).not.toHaveProperty('answers');
  });

  it("logged in: loads the profile into the client snapshot and starts the applicant's application with it", async () => {
    const { actor, gate, child, settle, answers, navigations, loadForm } = start(APP_INPUTS.loggedIn);
    // The session is open from the start, with its inactivity logout running.
    expect(sessionView(child(SYSTEM_IDS.session)).inactivity).toBeDefined();
    await loadForm();
    child(SYSTEM_IDS.navigation).send(at('/about'));
    await settle('loadCollege', demoCollege);
    expect(actor.getSnapshot().matches({ user: 'loadingProfile' })).toBe(true);
    expect(child(SYSTEM_IDS.application)).toBeUndefined();
    await settle('loadProfile', { ...sampleProfile, web_status: [{ web_status: 'started' }, { web_status: 'validating' }] });
    expect(actor.getSnapshot().value).toEqual({ user: 'applicant', auth: 'absent', application: 'running' });
    expect(actor.getSnapshot().context).toMatchObject({
      isLoggedIn: true,
      isStaff: false,
      username: 'ada@example.org',
      lastPage: '/education',
      numLogins: 2,
      webStatus: 'validating',
      hasChangedPage: false,
    });
    // Nothing typed on this device before: the answers are the account's.
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toEqual({ onServer: 'idle' });
    expect(answers().answers).toEqual({ first_name: 'Ada' });
    expect(child(SYSTEM_IDS.webStatus).getSnapshot().value).toEqual({ validating: 'synced' });
    expect(child(SYSTEM_IDS.submit).getSnapshot().context).toMatchObject({
      role: 'applicant',
      webStatus: 'validating',
      essayLimit: demoCollege.essayLimit,
    });
    expect(child(SYSTEM_IDS.validation).getSnapshot().matches('active')).toBe(true);
    expect((child(SYSTEM_IDS.validation).getSnapshot().context as ValidationContext).essayLimit).toBe(demoCollege.essayLimit);
    expect(child(SYSTEM_IDS.pdfCopy).getSnapshot().matches('active')).toBe(true);
    // Each document question's actor loads the applicant's document answer.
    for (const id of DOCUMENT_CHILDREN) expect(child(id), id).toBeDefined();
    expect(navigations).toEqual([{ type: 'navigate', to: '/education', replace: true }]);
    expect(gate.calls.filter((call) => call.id === 'loadProfile')).toHaveLength(1);
  });

  it('logged in: counts at least one login and starts a status the profile lacks', async () => {
    const { actor, gate, child, settle, loadForm } = start(APP_INPUTS.loggedIn);
    await loadForm();
    await settle('loadCollege', demoCollege);
    await settle('loadProfile', { ...sampleProfile, successful_login: [], web_status: [] });
    expect(actor.getSnapshot().context.numLogins).toBe(1);
    expect(child(SYSTEM_IDS.webStatus).getSnapshot().value).toEqual({ started: 'posting' });
    expect(gate.inputOf('postWebStatus')).toBe('started');
    await settle('postWebStatus', { message: 'Saved.' });
    expect(actor.getSnapshot().context.webStatus).toBe('started');
    expect((child(SYSTEM_IDS.submit).getSnapshot().context as SubmitContext).webStatus).toBe('started');
  });

  it.each([
    ['before', true],
    ['after', false],
  ])(
    'service token: a staff link (code loaded %s the copy) starts a staff application given the staff copy: answers, counts, tabs, documents',
    async (_when, codeFirst) => {
      const { actor, gate, child, settle, answers, loadForm } = start(APP_INPUTS.service);
      expect(actor.getSnapshot().context).toMatchObject({ isStaff: true, isLoggedIn: false });
      if (codeFirst) await loadForm();
      await settle('loadCollege', demoCollege);
      expect(gate.inputOf('loadServiceData')).toBe('service-token-0123456789');
      await settle('loadServiceData', sampleServiceData);
      if (!codeFirst) {
        expect(actor.getSnapshot().value).toEqual({ user: 'staff', auth: 'absent', application: 'loading' });
        expect(actor.getSnapshot().hasTag('formReady')).toBe(false);
        await loadForm();
      }
      expect(actor.getSnapshot().value).toEqual({ user: 'staff', auth: 'absent', application: 'running' });
      expect(actor.getSnapshot().hasTag('staff')).toBe(true);
      expect(actor.getSnapshot().hasTag('formReady')).toBe(true);
      expect(child(SYSTEM_IDS.answers).getSnapshot().value).toBe('fixed');
      expect(answers().answers).toEqual({ first_name: 'Grace' });
      expect(child(SYSTEM_IDS.addAnother).getSnapshot().context as AddAnotherContext).toMatchObject({
        role: 'staff',
        counts: { legacy: 2 },
      });
      expect((child(SYSTEM_IDS.tabs).getSnapshot().context as TabsContext).chosen).toMatchObject({ personal_statement: 'upload' });
      expect(child(documentSystemId('personal_statement_doc')).getSnapshot().hasTag('attached')).toBe(true);
      // The staff copy is all there is: nothing of an applicant's is loaded.
      expect(gate.calls.map((call) => call.id)).not.toContain('loadCounts');
      expect(gate.calls.map((call) => call.id)).not.toContain('loadTabs');
    },
  );

  it('a logged-in cookie does not make a staff link a student session', () => {
    const { actor } = start({ ...APP_INPUTS.service, cookie: 'logged_in=1' });
    expect(actor.getSnapshot().context).toMatchObject({ isStaff: true, isLoggedIn: false });
  });
});

describe('app: the application loads on demand', () => {
  it('an auth card loads none of it', async () => {
    const { actor, child, settle, requestedForm, navigations, loadAuth } = start(APP_INPUTS.visitorOnLogin);
    child(SYSTEM_IDS.navigation).send(at('/login'));
    await settle('loadCollege', demoCollege);
    await loadAuth();
    expect(actor.getSnapshot().value).toEqual({ user: 'visitor', auth: 'ready', application: 'absent' });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    // The auth pages move between themselves without it (no answers actor: no answers to carry).
    child(SYSTEM_IDS.authCard).send({ type: 'link.follow', to: 'signup' });
    expect(navigations).toEqual([{ type: 'navigate', to: '/signup' }]);
    child(SYSTEM_IDS.navigation).send(at('/signup'));
    child(SYSTEM_IDS.navigation).send(at('/forgot'));
    await flush();
    expect(requestedForm()).toBe(false);
    for (const id of [SYSTEM_IDS.application, ...FORM_CHILDREN]) expect(child(id), id).toBeUndefined();
  });

  it.each(['/about', '/final-steps', '/completion', '/nowhere'])('reaching %s loads it', async (pathname) => {
    const { actor, child, settle, requestedForm, loadForm } = start(APP_INPUTS.visitorOnLogin);
    child(SYSTEM_IDS.navigation).send(at('/login'));
    await settle('loadCollege', demoCollege);
    child(SYSTEM_IDS.navigation).send(at(pathname));
    await flush();
    expect(requestedForm()).toBe(true);
    expect(actor.getSnapshot().value).toEqual({ user: 'visitor', auth: 'loading', application: 'loading' });
    await loadForm();
    expect(actor.getSnapshot().value).toEqual({ user: 'visitor', auth: 'loading', application: 'running' });
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toBe('onDevice');
  });

  it.each([
    ['a service link', '?service_token=service-token-0123456789'],
    ['a token', '?token=tmp-token-0123456789'],
  ])('%s loads it even on an auth route', (_name, search) => {
    const { requestedForm } = start({ ...APP_INPUTS.visitorOnLogin, search });
    expect(requestedForm()).toBe(true);
  });

  it('a student on an auth card keeps the profile answers until the form area needs them', async () => {
    const { actor, child, settle, answers, loadForm, requestedForm } = start({ ...APP_INPUTS.loggedInOnLogin });
    child(SYSTEM_IDS.navigation).send(at('/login'));
    await settle('loadCollege', demoCollege);
    await settle('loadProfile', { ...sampleProfile, last_page: null });
    expect(actor.getSnapshot().value).toEqual({ user: 'applicant', auth: 'loading', application: 'absent' });
    expect(requestedForm()).toBe(false);
    child(SYSTEM_IDS.navigation).send(at('/about'));
    await loadForm();
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toEqual({ onServer: 'idle' });
    expect(answers().answers).toEqual({ first_name: 'Ada' });
    expect(child(SYSTEM_IDS.submit).getSnapshot().context).toMatchObject({ role: 'applicant', webStatus: 'started' });
  });

  it('a student on an auth card is sent to the saved last page, which loads it', async () => {
    const { child, settle, navigations, requestedForm } = start(APP_INPUTS.loggedInOnLogin);
    child(SYSTEM_IDS.navigation).send(at('/login'));
    await settle('loadCollege', demoCollege);
    await settle('loadProfile', sampleProfile);
    expect(navigations).toEqual([{ type: 'navigate', to: '/education', replace: true }]);
    expect(requestedForm()).toBe(true);
  });

  it("a login on /login, then the default route: the profile reaches the applicant's answers actor", async () => {
    const { actor, child, settle, answers, loadForm } = start(APP_INPUTS.visitorOnLogin);
    child(SYSTEM_IDS.navigation).send(at('/login'));
    await settle('loadCollege', demoCollege);
    child(SYSTEM_IDS.session).send({ type: 'session.loggedIn' });
    expect(actor.getSnapshot().matches({ user: 'loadingProfile' })).toBe(true);
    child(SYSTEM_IDS.navigation).send(at('/about'));
    await settle('loadProfile', sampleProfile);
    await loadForm();
    expect(actor.getSnapshot().value).toEqual({ user: 'applicant', auth: 'loading', application: 'running' });
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toEqual({ onServer: 'idle' });
    expect(answers().answers).toEqual({ first_name: 'Ada' });
  });

  it("the form's code failing to load leaves the page up (no root error screen, formFailed); the form area tries again", async () => {
    const { actor, gate, child, settle, loadForm } = start(APP_INPUTS.visitor);
    await settle('loadCollege', demoCollege);
    gate.reject('loadApplication', failures.network);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ user: 'visitor', auth: 'absent', application: 'failed' });
    expect(actor.getSnapshot().hasTag('error')).toBe(false);
    expect(actor.getSnapshot().hasTag('formFailed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(failures.network.message);
    expect(child(SYSTEM_IDS.application)).toBeUndefined();
    // The navigation actor reports the form area (app.formArea): the code is asked for again.
    child(SYSTEM_IDS.navigation).send(at('/education'));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ user: 'visitor', auth: 'absent', application: 'loading' });
    expect(actor.getSnapshot().hasTag('formLoading')).toBe(true);
    await loadForm();
    expect(actor.getSnapshot().hasTag('formFailed')).toBe(false);
    expect(actor.getSnapshot().hasTag('formReady')).toBe(true);
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toBe('onDevice');

    // The root's own event does the same.
    const direct = start(APP_INPUTS.visitor);
    direct.gate.reject('loadApplication', failures.network);
    await flush();
    expect(direct.actor.getSnapshot().hasTag('formFailed')).toBe(true);
    direct.actor.send({ type: 'app.formArea' });
    expect(direct.actor.getSnapshot().hasTag('formLoading')).toBe(true);
    expect(direct.gate.isPending('loadApplication')).toBe(true);
  });

  it('a session ended before it exists leaves it nothing stale', async () => {
    const { actor, child, settle, answers, loadForm } = start(APP_INPUTS.loggedInOnLogin);
    child(SYSTEM_IDS.navigation).send(at('/login'));
    await settle('loadCollege', demoCollege);
    await settle('loadProfile', { ...sampleProfile, last_page: null });
    child(SYSTEM_IDS.session).send({ type: 'session.logout' });
    await settle('logout', { message: '' });
    expect(actor.getSnapshot().value).toEqual({ user: 'visitor', auth: 'loading', application: 'absent' });
    child(SYSTEM_IDS.navigation).send(at('/about'));
    await loadForm();
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toBe('onDevice');
    expect(answers().answers).toEqual({});
  });
});

describe('app: the auth card actor loads on demand', () => {
  it('a page that starts on an auth card asks for it at once and spawns it under its system id', async () => {
    const { actor, settle, child, loadAuth, requestedAuth } = start(APP_INPUTS.visitorOnLogin);
    expect(requestedAuth()).toBe(true);
    expect(actor.getSnapshot().hasTag('authLoading')).toBe(true);
    expect(child(SYSTEM_IDS.authCard)).toBeUndefined();
    child(SYSTEM_IDS.navigation).send(at('/login'));
    await settle('loadCollege', demoCollege);
    await loadAuth();
    expect(actor.getSnapshot().hasTag('authReady')).toBe(true);
    expect(child(SYSTEM_IDS.authCard).getSnapshot().status).toBe('active');
    child(SYSTEM_IDS.authCard).send({ type: 'card.open', card: 'forgot', prefill: {} });
    expect(child(SYSTEM_IDS.authCard).getSnapshot().context).toMatchObject({ card: 'forgot' });
  });

  it('the form area needs none of it; reaching an auth card loads it', async () => {
    const { actor, settle, child, loadForm, loadAuth, requestedAuth } = start(APP_INPUTS.visitor);
    child(SYSTEM_IDS.navigation).send(at('/about'));
    await settle('loadCollege', demoCollege);
    await loadForm();
    expect(requestedAuth()).toBe(false);
    expect(child(SYSTEM_IDS.authCard)).toBeUndefined();
    child(SYSTEM_IDS.navigation).send(at('/signup'));
    await flush();
    expect(requestedAuth()).toBe(true);
    expect(actor.getSnapshot().value).toEqual({ user: 'visitor', auth: 'loading', application: 'running' });
    await loadAuth();
    expect(actor.getSnapshot().value).toEqual({ user: 'visitor', auth: 'ready', application: 'running' });
    expect(child(SYSTEM_IDS.authCard)).toBeDefined();
  });

  it('the application and the auth card, both loaded at run time, stay apart: leaving the page stops both and their children', async () => {
    const { actor, settle, child, loadForm, loadAuth } = start(APP_INPUTS.visitor);
    child(SYSTEM_IDS.navigation).send(at('/about'));
    await settle('loadCollege', demoCollege);
    await loadForm();
    child(SYSTEM_IDS.navigation).send(at('/signup'));
    await flush();
    await loadAuth();
    const spawned = [child(SYSTEM_IDS.application), child(SYSTEM_IDS.answers), child(SYSTEM_IDS.authCard)];
    for (const ref of spawned) expect(ref.getSnapshot().status).toBe('active');
    actor.stop();
    for (const ref of spawned) expect(ref.getSnapshot().status).toBe('stopped');
  });

  it('a lost connection while fetching it leaves the page up (no root error screen); the next auth card tries again', async () => {
    const { actor, gate, settle, child, loadAuth } = start(APP_INPUTS.visitorOnLogin);
    child(SYSTEM_IDS.navigation).send(at('/login'));
    await settle('loadCollege', demoCollege);
    gate.reject('loadAuthCard', failures.network);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ user: 'visitor', auth: 'failed', application: 'absent' });
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
    const { actor, gate } = start(APP_INPUTS.visitorWithToken);
    gate.resolve('loadCollege', demoCollege);
    await flush();
    gate.reject('loadTemporaryAnswers', failures.network);
    await flush();
    expect(actor.getSnapshot().matches({ user: 'failed' })).toBe(true);
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(failures.network.message);
  });

  it("docs/behaviour.md 'Which errors are the page's': a form actor's failed load is the page's (root error screen), an action's failure a toast", async () => {
    const { actor, gate, child, settle, loadForm } = start(APP_INPUTS.loggedIn);
    await loadForm();
    child(SYSTEM_IDS.navigation).send(at('/about'));
    await settle('loadCollege', demoCollege);
    await settle('loadProfile', sampleProfile);
    // The action's error: adding a parent fails, the page stays and says so in a toast.
    await settle('loadCounts', {});
    child(SYSTEM_IDS.addAnother).send({ type: 'add', buttonId: 'parents' });
    await flush();
    gate.reject('saveCount', new Error('Server trouble.'));
    await flush();
    expect(actor.getSnapshot().matches({ user: 'applicant' })).toBe(true);
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

  it("a 401 on the profile ends the session: /login with the message, the cache dropped, a visitor's application with no answers", async () => {
    const { actor, gate, child, settle, handOver, answers, navigations, loadForm } = start(APP_INPUTS.loggedIn);
    await loadForm();
    await settle('loadCollege', demoCollege);
    gate.reject('loadProfile', failures.unauthorised);
    await flush();
    await handOver();
    expect(actor.getSnapshot().matches({ user: 'visitor' })).toBe(true);
    expect(actor.getSnapshot().context.isLoggedIn).toBe(false);
    // The session is over: no inactivity logout runs any more.
    expect(sessionView(child(SYSTEM_IDS.session)).inactivity).toBeUndefined();
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toBe('onDevice');
    expect(answers().answers).toEqual({});
    // The profile can answer before React mounted the router: the move waits for its first report.
    expect(navigations).toEqual([]);
    child(SYSTEM_IDS.navigation).send(at('/about'));
    expect(navigations).toEqual([{ type: 'navigate', to: '/login', state: { errorMessage: SESSION_INVALID_MESSAGE } }]);
  });

  it("a login stops the visitor's application and starts the applicant's: answers typed before logging in are offered when the account holds other answers", async () => {
    const { actor, child, settle, answers, loadForm } = start(APP_INPUTS.visitor);
    await loadForm();
    await settle('loadCollege', demoCollege);
    const visitorApplication = child(SYSTEM_IDS.application);
    child(SYSTEM_IDS.answers).send({ type: 'answers.set', key: 'first_name', value: 'Alan' });
    // A visitor's answers stay in this tab until an account takes them.
    expect(JSON.parse(device.session.getItem(TYPED_KEY) ?? 'null')).toEqual({ first_name: 'Alan' });
    child(SYSTEM_IDS.session).send({ type: 'session.loggedIn' });
    expect(actor.getSnapshot().matches({ user: 'loadingProfile' })).toBe(true);
    expect(actor.getSnapshot().context.isLoggedIn).toBe(true);
    expect(visitorApplication.getSnapshot().status).toBe('stopped');
    expect(child(SYSTEM_IDS.application)).toBeUndefined();
    expect(child(SYSTEM_IDS.answers)).toBeUndefined();
    await settle('loadProfile', sampleProfile);
    expect(actor.getSnapshot().value).toEqual({ user: 'applicant', auth: 'absent', application: 'running' });
    expect(child(SYSTEM_IDS.application)).not.toBe(visitorApplication);
    // The account holds other answers: the page offers what was typed, and drops nothing.
    expect(child(SYSTEM_IDS.answers).getSnapshot().matches({ onServer: 'choosing' })).toBe(true);
    expect(answers().answers).toEqual({ first_name: 'Ada' });
    expect(answers().offered).toEqual({ first_name: 'Alan' });
    expect((child(SYSTEM_IDS.submit).getSnapshot().context as SubmitContext).role).toBe('applicant');
    expect(child(SYSTEM_IDS.pdfCopy).getSnapshot().matches('active')).toBe(true);
  });

  it('a login with answers typed before and an empty account keeps them and saves them to the account', async () => {
    const { gate, child, settle, answers, loadForm } = start(APP_INPUTS.visitor);
    await loadForm();
    await settle('loadCollege', demoCollege);
    child(SYSTEM_IDS.answers).send({ type: 'answers.set', key: 'first_name', value: 'Alan' });
    child(SYSTEM_IDS.session).send({ type: 'session.loggedIn' });
    await settle('loadProfile', { ...sampleProfile, answer: {} });
    expect(answers().answers).toEqual({ first_name: 'Alan' });
    expect(child(SYSTEM_IDS.answers).getSnapshot().matches({ onServer: 'saving' })).toBe(true);
    expect(gate.inputOf('saveAnswers')).toMatchObject({ changes: { first_name: 'Alan' } });
  });

  it("a session that ends keeps the applicant's unsaved answers as a draft (the session ended) and a visitor's application with no answers follows", async () => {
    const { actor, gate, child, settle, handOver, answers, loadForm } = start(APP_INPUTS.loggedIn);
    await loadForm();
    await settle('loadCollege', demoCollege);
    await settle('loadProfile', sampleProfile);
    const applicantApplication = child(SYSTEM_IDS.application);
    child(SYSTEM_IDS.answers).send({ type: 'answers.set', key: 'last_name', value: 'Lovelace' });
    expect(answers().answers).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
    expect(gate.isPending('saveAnswers')).toBe(false);
    // The server ends the session (a 401 met by any call): the root hears app.sessionEnded.
    child(SYSTEM_IDS.session).send({ type: 'session.unauthorised' });
    await flush();
    await handOver();
    expect(actor.getSnapshot().value).toEqual({ user: 'visitor', auth: 'absent', application: 'running' });
    expect(applicantApplication.getSnapshot().status).toBe('stopped');
    expect(JSON.parse(device.local.getItem(draftKey(sampleProfile.username)) ?? 'null')).toMatchObject({
      base: sampleProfile.answer_version,
      changes: { last_name: 'Lovelace' },
      sessionEnded: true,
    });
    expect(child(SYSTEM_IDS.application)).not.toBe(applicantApplication);
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toBe('onDevice');
    expect(answers().answers).toEqual({});
    expect((child(SYSTEM_IDS.submit).getSnapshot().context as SubmitContext).role).toBe('visitor');
    expect(child(SYSTEM_IDS.pdfCopy).getSnapshot().value).toBe('inactive');
  });

  it('a logout drops the student and tells every child', async () => {
    const { actor, child, settle, answers, loadForm } = start(APP_INPUTS.loggedIn);
    await loadForm();
    await settle('loadCollege', demoCollege);
    await settle('loadProfile', sampleProfile);
    child(SYSTEM_IDS.session).send({ type: 'session.logout' });
    await settle('logout', { message: '' });
    expect(actor.getSnapshot().value).toEqual({ user: 'visitor', auth: 'absent', application: 'running' });
    expect(actor.getSnapshot().context).toMatchObject({ isLoggedIn: false, username: '', numLogins: 0, webStatus: null });
    expect(child(SYSTEM_IDS.webStatus).getSnapshot().value).toBe('none');
    expect(answers().answers).toEqual({});
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toBe('onDevice');
    expect(child(SYSTEM_IDS.pdfCopy).getSnapshot().value).toBe('inactive');
  });

  it('the first page change sets has_changed_page', async () => {
    const { actor, child, settle, loadForm } = start(APP_INPUTS.visitor);
    await loadForm();
    await settle('loadCollege', demoCollege);
    child(SYSTEM_IDS.answers).send({ type: 'answers.saveAndGo', to: '/education' });
    expect(actor.getSnapshot().context.hasChangedPage).toBe(true);
  });

  it('a login starts a new visit: a page change made before it no longer hides the first-login banner', async () => {
    const { actor, child, settle, loadForm } = start(APP_INPUTS.visitor);
    await loadForm();
    await settle('loadCollege', demoCollege);
    child(SYSTEM_IDS.answers).send({ type: 'answers.saveAndGo', to: '/education' });
    expect(actor.getSnapshot().context.hasChangedPage).toBe(true);
    child(SYSTEM_IDS.session).send({ type: 'session.loggedIn' });
    expect(actor.getSnapshot().context.hasChangedPage).toBe(false);
  });
});
