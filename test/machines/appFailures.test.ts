import { describe, expect, it } from 'vitest';
import demoCollege from '../../src/college/demo-college.json';
import { draftKey } from '../../machines/answerDrafts';
import { APP_INPUTS, sampleProfile } from '../qa/models/app';
import { failures } from '../qa/fixtures';
import { SESSION_INVALID_MESSAGE } from '../../machines/sessionMachine';
import type { SubmitContext } from '../../machines/submitMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { flush } from './helpers/system';
import { TYPED_KEY, appView, at, deviceStorage, sessionView, start } from './helpers/appKit';

const device = deviceStorage();

describe('app: failures and session changes', () => {
  it('shows the root error screen when loading fails', async () => {
    const { actor, gate } = start(APP_INPUTS.visitorWithToken);
    gate.resolve('loadCollege', demoCollege);
    await flush();
    gate.reject('loadTemporaryAnswers', failures.network);
    await flush();
    expect(actor.getSnapshot().matches({ user: 'failed' })).toBe(true);
    expect(appView(actor).failed).toBe(true);
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
    expect(appView(actor).failed).toBe(false);
    expect((child(SYSTEM_IDS.toasts).getSnapshot() as { context: { toasts: unknown[] } }).context.toasts).toEqual([
      expect.objectContaining({ severity: 'error', title: 'Error adding another parents', message: 'Server trouble.' }),
    ]);
    // The page's error: the tab choices cannot be loaded, so the page would show a tab not chosen.
    gate.reject('loadTabs', new Error('Database unavailable.'));
    await flush();
    expect(actor.getSnapshot().matches({ user: 'failed' })).toBe(true);
    expect(appView(actor).failed).toBe(true);
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
