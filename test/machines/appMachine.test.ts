import { describe, expect, it } from 'vitest';
import demoCollege from '../../src/college/demo-college.json';
import type { AddAnotherContext } from '../../machines/addAnotherMachine';
import { APP_INPUTS, sampleProfile, sampleServiceData } from '../qa/models/app';
import type { SubmitContext } from '../../machines/submitMachine';
import type { TabsContext } from '../../machines/tabsMachine';
import type { ValidationContext } from '../../machines/validationMachine';
import { SYSTEM_IDS, documentSystemId } from '../../machines/systemIds';
import { CORE_CHILDREN, DOCUMENT_CHILDREN, FORM_CHILDREN, appView, at, deviceStorage, sessionView, start } from './helpers/appKit';

deviceStorage();

describe('app: every mode', () => {
  it.each(Object.entries(APP_INPUTS))('%s: spawns the core children under their system ids at once', (_mode, input) => {
    const { actor, child, errors } = start(input);
    for (const id of CORE_CHILDREN) expect(child(id), id).toBeDefined();
    expect(actor.system.get(SYSTEM_IDS.app)).toBe(actor);
    expect(actor.getSnapshot().matches({ user: 'loadingCollege' })).toBe(true);
    expect(appView(actor).loading).toBe(true);
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
    expect(appView(actor).formReady).toBe(false);
    await settle('loadCollege', demoCollege);
    expect(actor.getSnapshot().value).toEqual({ user: 'visitor', auth: 'absent', application: 'running' });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(appView(actor).formReady).toBe(true);
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
    // Stately Inspect shows the application's children by these names: each its system id.
    const application = child(SYSTEM_IDS.application).getSnapshot() as { children: Record<string, unknown> };
    expect(Object.keys(application.children).sort()).toEqual([...FORM_CHILDREN].sort());
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
        expect(appView(actor).formReady).toBe(false);
        await loadForm();
      }
      expect(actor.getSnapshot().value).toEqual({ user: 'staff', auth: 'absent', application: 'running' });
      expect(appView(actor).staff).toBe(true);
      expect(appView(actor).formReady).toBe(true);
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

  it("service token: the staff page shows the application's submission date and reference once both are known", async () => {
    const submitted = start(APP_INPUTS.service);
    await submitted.settle('loadCollege', demoCollege);
    await submitted.settle('loadServiceData', { ...sampleServiceData, submitted_at: 1_790_000_000_000, reference: 'ADM-7Q4K2' });
    expect(appView(submitted.actor).submission).toEqual({ submittedAt: 1_790_000_000_000, reference: 'ADM-7Q4K2' });
    // Not submitted (no time), or a time without its reference: nothing is shown as submitted.
    for (const data of [
      { submitted_at: null, reference: 'ADM-7Q4K2' },
      { submitted_at: 1_790_000_000_000, reference: '' },
    ]) {
      const run = start(APP_INPUTS.service);
      await run.settle('loadCollege', demoCollege);
      await run.settle('loadServiceData', { ...sampleServiceData, ...data });
      expect(appView(run.actor).submission).toBeNull();
    }
  });

  it('a logged-in cookie does not make a staff link a student session', () => {
    const { actor } = start({ ...APP_INPUTS.service, cookie: 'logged_in=1' });
    expect(actor.getSnapshot().context).toMatchObject({ isStaff: true, isLoggedIn: false });
  });
});
