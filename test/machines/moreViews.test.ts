import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PdfCopy } from '../../machines/api/responses';
import { appMachine } from '../../machines/appMachine';
import { connectApp } from '../../machines/appView';
import { authCardMachine } from '../../machines/authCardMachine';
import { connectAuthCard } from '../../machines/authCardView';
import { pdfCopyMachine } from '../../machines/pdfCopyMachine';
import { connectPdfCopy } from '../../machines/pdfCopyView';
import type { Role } from '../../machines/roles';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { validationMachine } from '../../machines/validationMachine';
import { connectValidation } from '../../machines/validationView';
import { currentView } from '../../src/app/actors';
import demoCollege from '../../src/college/demo-college.json';
import { PDF_POLL_FIRST_MS } from '../../src/catalogue/limits';
import { completeApplication, FIXTURE_ESSAY_LIMIT, FIXTURE_NOW } from '../fixtures/completeApplication';
import { APP_INPUTS, sampleServiceData } from '../qa/models/app';
import { authFailures } from '../qa/models/authCard';
import { flush, recordingSibling, startSystem } from './helpers/documentsKit';
import { offlineApplication } from './helpers/formActors';
import { controlledActors, startWithSiblings } from './helpers/siblingHarness';
import { createGate, offline, startInSystem } from './helpers/system';

/*
 * What the page's frame, the auth card's message, the PDF copy and the missing-information summary
 * show, read through each machine's view API from real actors (network calls stood in).
 */

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(FIXTURE_NOW);
});
afterEach(() => vi.useRealTimers());

describe('the PDF copy view API', () => {
  const URL_1 = 'https://admissions.test/api/pdf/download/one';
  const copy = (status: PdfCopy['status'], url: string | null = null): PdfCopy => ({ status, url });

  function start(fetch: () => Promise<PdfCopy>, role: Role = 'applicant') {
    const siblings = { toasts: recordingSibling(), session: recordingSibling(), answers: recordingSibling() };
    const { actor } = startSystem(
      {
        logic: pdfCopyMachine.provide({ actors: { fetchPdfCopy: fromPromise(() => fetch()) } }),
        systemId: SYSTEM_IDS.pdfCopy,
        input: { role },
      },
      {
        [SYSTEM_IDS.toasts]: siblings.toasts.logic,
        [SYSTEM_IDS.session]: siblings.session.logic,
        [SYSTEM_IDS.answers]: siblings.answers.logic,
      },
    );
    return { actor, view: () => currentView(actor, connectPdfCopy) };
  }

  it('says the copy is being prepared until its link comes', async () => {
    const fetch = vi.fn((): Promise<PdfCopy> => Promise.resolve(copy('completed', URL_1))).mockResolvedValueOnce(copy('in progress'));
    expect(start(fetch, 'visitor').view()).toMatchObject({ url: null, preparing: false, failed: false });
    const { view } = start(fetch);
    expect(view()).toMatchObject({ url: null, preparing: true });
    await flush();
    expect(view()).toMatchObject({ url: null, preparing: true, failed: false });
    await vi.advanceTimersByTimeAsync(PDF_POLL_FIRST_MS);
    expect(view()).toMatchObject({ url: URL_1, preparing: false, failed: false });
  });

  it('says the copy is not available when it failed, and Try again asks at once', async () => {
    const fetch = vi.fn((): Promise<PdfCopy> => Promise.resolve(copy('completed', URL_1))).mockResolvedValueOnce(copy('failed'));
    const { view } = start(fetch);
    await flush();
    expect(view()).toMatchObject({ url: null, failed: true, preparing: false });
    view().retry();
    await flush();
    expect(view()).toMatchObject({ url: URL_1, failed: false });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('the auth card view API', () => {
  it('shows the card busy while it logs in, then offers to confirm an unconfirmed account, with a close button', async () => {
    const control = controlledActors(['login', 'signup', 'confirm', 'forgotPassword', 'resetPassword', 'resendConfirm']);
    const run = startWithSiblings(authCardMachine.provide({ actors: control.actors }), { systemId: SYSTEM_IDS.authCard });
    const view = () => currentView(run.subject, connectAuthCard);
    expect(view()).toMatchObject({
      card: 'login',
      busy: false,
      resending: false,
      notice: null,
      offerConfirm: false,
      noticeClosable: false,
    });
    run.subject.send({ type: 'field.change', field: 'username', value: 'ada@example.edu' });
    run.subject.send({ type: 'field.change', field: 'password', value: 'Correct-Horse-9!' });
    run.subject.send({ type: 'submit' });
    expect(view().busy).toBe(true);
    await control.reject('login', authFailures.notConfirmed);
    expect(view()).toMatchObject({ busy: false, offerConfirm: true, noticeClosable: true, notice: { title: 'Log In Error' } });
    view().dismissNotice();
    expect(view()).toMatchObject({ notice: null, offerConfirm: false });
    run.subject.send({ type: 'submit' });
    await control.reject('login', authFailures.notConfirmed);
    view().confirmAccount();
    expect(view().busy).toBe(true);
    expect(run.received(SYSTEM_IDS.navigation)).toEqual([expect.objectContaining({ type: 'navigate', to: '/confirm' })]);
    run.stop();
  });
});

describe('the validation view API', () => {
  it('shows nothing until a submission found answers missing, then the errors and the steps needing attention', () => {
    const machine = validationMachine.provide({
      actors: { postValidations: fromPromise<unknown, Record<string, string[]>>(() => Promise.resolve({})) },
    });
    const run = startInSystem(machine, {
      systemId: SYSTEM_IDS.validation,
      input: { essayLimit: FIXTURE_ESSAY_LIMIT },
      spies: [SYSTEM_IDS.session],
    });
    const answers = { ...completeApplication, first_name: '' };
    const view = () => connectValidation(run.subject.getSnapshot(), answers);
    expect(view()).toMatchObject({ active: false, errors: [], attention: '' });
    // A submission turns the web status to validating, then checks the answers as they were saved.
    run.subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    run.subject.send({ type: 'validation.check', answers });
    expect(view()).toMatchObject({ active: true, attention: 'about' });
    expect(view().errors).toEqual([expect.objectContaining({ key: 'first_name' })]);
    run.stop();
  });
});

describe('the app view API', () => {
  function start(input: (typeof APP_INPUTS)[keyof typeof APP_INPUTS]) {
    const gate = createGate();
    const actor = createActor(offline(appMachine, gate), { input, systemId: SYSTEM_IDS.app }).start();
    const settle = async (id: string, output: unknown) => {
      gate.resolve(id, output);
      await flush();
    };
    return { actor, gate, settle, view: () => currentView(actor, connectApp) };
  }

  it("loads, then tells the frame the session's application has started once its code and who is using the app are known; staff read the printout", async () => {
    const { view, settle, gate } = start(APP_INPUTS.service);
    const application = offlineApplication(createGate());
    expect(view()).toMatchObject({ loading: true, failed: false, staff: false, formReady: false });
    await settle('loadApplication', application);
    expect(view()).toMatchObject({ loading: true, formReady: false });
    await settle('loadCollege', demoCollege);
    await settle('loadServiceData', sampleServiceData);
    while (gate.isPending('startApplication')) await settle('startApplication', application);
    expect(view()).toMatchObject({ loading: false, failed: false, staff: true, formReady: true });
  });
});
