import { describe, expect, it } from 'vitest';
import demoCollege from '../../src/college/demo-college.json';
import { APP_INPUTS, sampleProfile } from '../qa/models/app';
import { failures } from '../qa/fixtures';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { flush } from './helpers/system';
import { FORM_CHILDREN, appView, at, deviceStorage, start } from './helpers/appKit';

deviceStorage();

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
    expect(appView(actor).failed).toBe(false);
    expect(appView(actor).formFailed).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(failures.network.message);
    expect(child(SYSTEM_IDS.application)).toBeUndefined();
    // The navigation actor reports the form area (app.formArea): the code is asked for again.
    child(SYSTEM_IDS.navigation).send(at('/education'));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ user: 'visitor', auth: 'absent', application: 'loading' });
    expect(actor.getSnapshot().hasTag('formLoading')).toBe(true);
    await loadForm();
    expect(appView(actor).formFailed).toBe(false);
    expect(appView(actor).formReady).toBe(true);
    expect(child(SYSTEM_IDS.answers).getSnapshot().value).toBe('onDevice');

    // The root's own event does the same.
    const direct = start(APP_INPUTS.visitor);
    direct.gate.reject('loadApplication', failures.network);
    await flush();
    expect(appView(direct.actor).formFailed).toBe(true);
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
    expect(appView(actor).authReady).toBe(true);
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
    expect(appView(actor).failed).toBe(false);
    expect(appView(actor).authFailed).toBe(true);
    child(SYSTEM_IDS.navigation).send(at('/forgot'));
    await flush();
    expect(actor.getSnapshot().hasTag('authLoading')).toBe(true);
    await loadAuth();
    expect(appView(actor).authFailed).toBe(false);
    expect(appView(actor).authReady).toBe(true);
  });
});
