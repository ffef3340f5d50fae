import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { api } from '../../machines/api/endpoints';
import type { Answers } from '../../src/catalogue/dataModel';
import { APPLICATION_MESSAGES } from '../../src/catalogue/schema';
import { completeApplication, FIXTURE_ESSAY_LIMIT, FIXTURE_NOW } from '../fixtures/completeApplication';
import { ApiError } from '../../machines/api/httpClient';
import { failures } from '../qa/fixtures';
import type { AnswersSaveReply } from '../../machines/events';
import { SUBMIT_CONFLICT_MESSAGE, SUBMITTED_MESSAGE, submitMachine, type SubmitInput } from '../../machines/submitMachine';
import { connectSubmit } from '../../machines/submitView';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { answersStandIn } from './helpers/answersStandIn';
import { answered, flush, startInSystem } from './helpers/system';

const SPIES = [SYSTEM_IDS.navigation, SYSTEM_IDS.webStatus, SYSTEM_IDS.toasts, SYSTEM_IDS.session, SYSTEM_IDS.validation, SYSTEM_IDS.app];
const incomplete = { ...completeApplication, first_name: '' };

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(FIXTURE_NOW);
});
afterEach(() => vi.useRealTimers());

interface Calls {
  /** The answers actor's reply to the sequence's `answers.save`. */
  save?: () => Promise<AnswersSaveReply>;
  validations?: () => Promise<unknown>;
  submit?: () => Promise<unknown>;
}

/** The answers the answers stand-in holds for each submit actor, as it says when it has saved them. */
const held = new WeakMap<object, { answers: Answers }>();

/** An applicant's submit actor unless the input says otherwise. */
function start(calls: Calls = {}, input: Partial<SubmitInput> = { errorRoute: '/about' }) {
  const log: string[] = [];
  const reports: Record<string, string[]>[] = [];
  const signals: AbortSignal[] = [];
  const holder = { answers: {} as Answers };
  const answers = answersStandIn(() => {
    log.push('save');
    return calls.save ? calls.save() : { type: 'answers.saved', answers: holder.answers };
  });
  const machine = submitMachine.provide({
    actors: {
      postValidations: fromPromise<unknown, Record<string, string[]>>(async ({ input: report, signal }) => {
        log.push('validations');
        signals.push(signal);
        reports.push(report);
        return calls.validations ? calls.validations() : { message: 'Saved.' };
      }),
      submitApplication: fromPromise(async () => {
        log.push('submit');
        return calls.submit ? calls.submit() : { message: SUBMITTED_MESSAGE };
      }),
    },
  });
  const started = startInSystem(machine, {
    systemId: SYSTEM_IDS.submit,
    input: { role: 'applicant', essayLimit: FIXTURE_ESSAY_LIMIT, ...input } satisfies SubmitInput,
    spies: SPIES,
    siblings: { [SYSTEM_IDS.answers]: answers.logic },
  });
  held.set(started.subject, holder);
  return { ...started, log, saveRequests: answers.received, reports, signals };
}

/** The applicant's answers (as the answers actor saves them) and web status. */
function asStudent(
  subject: { send(event: { type: 'webStatus.changed'; webStatus: 'started' | 'validating' }): void },
  answers: Answers,
  webStatus: 'started' | 'validating' = 'started',
) {
  held.get(subject)!.answers = answers;
  subject.send({ type: 'webStatus.changed', webStatus });
}

describe('submit sequence', () => {
  it('1. sends a visitor who is not logged in to sign-up with the answers (the answers actor, who holds them, takes them there)', () => {
    const { subject, received, log, saveRequests } = start({}, { role: 'visitor', errorRoute: '/about' });
    subject.send({ type: 'submit' });
    expect(subject.getSnapshot().value).toBe('idle');
    expect(log).toEqual([]);
    expect(saveRequests).toEqual([{ type: 'answers.carryTo', to: '/signup' }]);
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
    expect(received[SYSTEM_IDS.webStatus]).toBeUndefined();
  });

  it('2–5. saves, sets validating, reports, submits, then sets submitted and shows /completion', async () => {
    const { subject, sequence, log, saveRequests, reports } = start();
    asStudent(subject, completeApplication);
    subject.send({ type: 'submit' });
    expect(subject.getSnapshot().value).toBe('savingAnswers');
    expect(subject.getSnapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(subject.getSnapshot().value).toBe('submitted');
    expect(log).toEqual(['save', 'validations', 'submit']);
    // Step 2 is the answers actor's: it is asked to save, and the sequence waits for its reply.
    expect(saveRequests).toEqual([{ type: 'answers.save', replyTo: SYSTEM_IDS.submit }]);
    expect(reports).toEqual([{}]);
    expect(sequence).toEqual([
      'webStatus:webStatus.startValidating',
      // The page's errors are checked again with each submit (between checks they keep their places).
      'validation:validation.check',
      'app:app.submitted',
      'navigation:navigate',
      'webStatus:webStatus.submitted',
    ]);
  });

  it('5. carries the success message to /completion', async () => {
    const { subject, received } = start();
    asStudent(subject, completeApplication, 'validating');
    subject.send({ type: 'submit' });
    await flush();
    expect(received[SYSTEM_IDS.navigation]).toEqual([
      { type: 'navigate', to: '/completion', state: { successMessage: SUBMITTED_MESSAGE } },
    ]);
    expect(received[SYSTEM_IDS.webStatus]).toEqual([{ type: 'webStatus.submitted' }]);
    expect(subject.getSnapshot().can({ type: 'submit' })).toBe(false);
  });

  it('6. reports the errors and goes to the error route instead of submitting', async () => {
    const { subject, received, log, reports } = start();
    asStudent(subject, incomplete);
    subject.send({ type: 'submit' });
    await flush();
    expect(subject.getSnapshot().value).toBe('invalid');
    expect(log).toEqual(['save', 'validations']);
    expect(reports).toEqual([{ first_name: [APPLICATION_MESSAGES.firstNameRequired] }]);
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/about' }]);
    expect(received[SYSTEM_IDS.webStatus]).toEqual([{ type: 'webStatus.startValidating' }]);
  });

  it('6. goes to the page of the first missing answer, not always to the first page (issue 13)', async () => {
    const { subject, received } = start();
    asStudent(subject, { ...completeApplication, legal_agree: false });
    subject.send({ type: 'submit' });
    await flush();
    expect(subject.getSnapshot().value).toBe('invalid');
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/final-steps' }]);
  });

  it("6. picks the earliest page when several miss answers, and follows the server's own errors too", async () => {
    const missingTwo = { ...completeApplication, legal_agree: false, entry_term: '' };
    const { subject, received } = start();
    asStudent(subject, missingTwo);
    subject.send({ type: 'submit' });
    await flush();
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/education' }]);

    const rejected = new ApiError('Missing', 'http', 422, { message: 'Missing', errors: [{ key: 'legal_agree', message: 'Tick it.' }] });
    const server = start({ submit: () => Promise.reject(rejected) });
    asStudent(server.subject, completeApplication, 'validating');
    server.subject.send({ type: 'submit' });
    await flush();
    expect(server.received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/final-steps' }]);
  });

  it('6. stays on the page when no error route is configured, and can submit again', async () => {
    const { subject, received, log } = start({}, {});
    asStudent(subject, incomplete, 'validating');
    subject.send({ type: 'submit' });
    await flush();
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
    asStudent(subject, completeApplication, 'validating');
    subject.send({ type: 'submit' });
    await flush();
    expect(subject.getSnapshot().value).toBe('submitted');
    expect(log).toEqual(['save', 'validations', 'save', 'validations', 'submit']);
  });

  it('counts the server’s 422 as errors', async () => {
    const rejected = new ApiError('Missing', 'http', 422, {
      message: 'Missing',
      errors: [{ key: 'gender', message: 'Sex is required.' }],
    });
    const { subject, received } = start({
      submit: () =>
        answered(() => {
          throw rejected;
        }),
    });
    asStudent(subject, completeApplication, 'validating');
    subject.send({ type: 'submit' });
    await flush();
    expect(subject.getSnapshot().value).toBe('invalid');
    expect(subject.getSnapshot().context.errors).toEqual([{ key: 'gender', message: 'Sex is required.' }]);
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'navigate', to: '/about' }]);
    expect(received[SYSTEM_IDS.webStatus]).toBeUndefined();
    // The page's own check found nothing: the summary and the field learn it from the server.
    // Both carry the answers the submit saved: the server's verdict concerns them as sent.
    expect(received[SYSTEM_IDS.validation]).toEqual([
      { type: 'validation.check', answers: completeApplication },
      { type: 'validation.serverErrors', errors: [{ key: 'gender', message: 'Sex is required.' }], answers: completeApplication },
    ]);
    expect(received[SYSTEM_IDS.toasts]).toBeUndefined();
  });

  it('stops when the session ends mid-sequence (the root stops the application): no later move takes the applicant from Log In', async () => {
    let answerValidations: (value: unknown) => void = () => undefined;
    const { subject, received, log, signals, stop } = start({ validations: () => new Promise((resolve) => (answerValidations = resolve)) });
    asStudent(subject, incomplete, 'validating');
    subject.send({ type: 'submit' });
    await flush();
    expect(subject.getSnapshot().value).toBe('runningValidations');
    // The status post answered 401: the session ended, and the root stops the session's application with its actors.
    stop();
    expect(subject.getSnapshot().status).toBe('stopped');
    // The call under way is cancelled: nothing the sequence would do after it happens.
    expect(signals.map((signal) => signal.aborted)).toEqual([true]);
    answerValidations({ message: 'Saved.' });
    await flush();
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
    expect(log).toEqual(['save', 'validations']);
  });

  it('says in a toast what the server refused when its errors name no question, and stays', async () => {
    const rejected = new ApiError("We're missing some information!", 'http', 422, {
      message: "We're missing some information!",
      errors: [{ key: '', message: 'Applications for this term are closed.' }],
    });
    const { subject, received } = start({ submit: () => Promise.reject(rejected) });
    asStudent(subject, completeApplication, 'validating');
    subject.send({ type: 'submit' });
    await flush();
    expect(subject.getSnapshot().value).toBe('failed');
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
    expect(received[SYSTEM_IDS.toasts]).toEqual([
      { type: 'toast.show', toast: { severity: 'error', title: 'Error', message: 'Applications for this term are closed.' } },
    ]);
    expect(subject.getSnapshot().can({ type: 'submit' })).toBe(true);
  });

  it.each([
    ['save', { save: () => Promise.resolve({ type: 'answers.saveFailed', reason: 'error', message: failures.network.message } as const) }],
    ['validations', { validations: async () => Promise.reject(failures.network) }],
    ['submit', { submit: async () => Promise.reject(failures.network) }],
  ] as const)('shows a failed %s call as an error toast', async (_name, calls) => {
    const { subject, received } = start(calls);
    asStudent(subject, completeApplication, 'validating');
    subject.send({ type: 'submit' });
    await flush();
    expect(subject.getSnapshot().value).toBe('failed');
    expect(received[SYSTEM_IDS.toasts]).toEqual([
      { type: 'toast.show', toast: { severity: 'error', title: 'Error', message: failures.network.message } },
    ]);
    expect(subject.getSnapshot().can({ type: 'submit' })).toBe(true);
  });

  it('hands a 401 to the session', async () => {
    const { subject, received } = start({ submit: async () => Promise.reject(failures.unauthorised) });
    asStudent(subject, completeApplication);
    subject.send({ type: 'submit' });
    await flush();
    expect(subject.getSnapshot().value).toBe('idle');
    expect(received[SYSTEM_IDS.session]).toEqual([{ type: 'session.unauthorised' }]);
    expect(received[SYSTEM_IDS.toasts]).toBeUndefined();
  });

  it('stops quietly when the save was refused for the session (the answers actor told the session)', async () => {
    const { subject, received, log } = start({
      save: () => Promise.resolve({ type: 'answers.saveFailed', reason: 'unauthorised', message: failures.unauthorised.message }),
    });
    asStudent(subject, completeApplication);
    subject.send({ type: 'submit' });
    await flush();
    expect(subject.getSnapshot().value).toBe('idle');
    expect(log).toEqual(['save']);
    expect(received[SYSTEM_IDS.session]).toBeUndefined();
    expect(received[SYSTEM_IDS.toasts]).toBeUndefined();
  });

  it('stops on a save conflict: nothing validated or submitted, the applicant is told and may submit again', async () => {
    let conflict = true;
    const { subject, received, log } = start({
      save: () =>
        Promise.resolve(
          conflict
            ? { type: 'answers.saveFailed', reason: 'conflict', message: failures.conflict.message }
            : { type: 'answers.saved', answers: completeApplication },
        ),
    });
    asStudent(subject, completeApplication, 'started');
    subject.send({ type: 'submit' });
    await flush();
    expect(subject.getSnapshot().value).toBe('conflicted');
    expect(subject.getSnapshot().hasTag('busy')).toBe(false);
    expect(log).toEqual(['save']);
    expect(received[SYSTEM_IDS.webStatus]).toBeUndefined();
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
    // Issue 12: no toast over the form; the page names the answers next to Submit (the `conflicted` state).
    expect(received[SYSTEM_IDS.toasts]).toBeUndefined();
    expect(subject.getSnapshot().context.error).toBe(SUBMIT_CONFLICT_MESSAGE);

    conflict = false;
    expect(subject.getSnapshot().can({ type: 'submit' })).toBe(true);
    subject.send({ type: 'submit' });
    await flush();
    expect(subject.getSnapshot().value).toBe('submitted');
    expect(log).toEqual(['save', 'save', 'validations', 'submit']);
  });

  it('ignores a second click while busy', async () => {
    const { subject, log } = start();
    asStudent(subject, completeApplication, 'validating');
    subject.send({ type: 'submit' });
    subject.send({ type: 'submit' });
    await flush();
    expect(log).toEqual(['save', 'validations', 'submit']);
  });

  it('keeps Submit busy while the validations report and the submission are under way', async () => {
    let answerValidations = (): void => undefined;
    let answerSubmit = (): void => undefined;
    const { subject } = start({
      validations: () => new Promise((resolve) => (answerValidations = () => resolve({ message: 'Saved.' }))),
      submit: () => new Promise((resolve) => (answerSubmit = () => resolve({ message: SUBMITTED_MESSAGE }))),
    });
    asStudent(subject, completeApplication, 'validating');
    subject.send({ type: 'submit' });
    await flush();
    expect(subject.getSnapshot().value).toBe('runningValidations');
    expect(subject.getSnapshot().hasTag('busy')).toBe(true);
    answerValidations();
    await flush();
    expect(subject.getSnapshot().value).toBe('submitting');
    expect(subject.getSnapshot().hasTag('busy')).toBe(true);
    answerSubmit();
    await flush();
    expect(subject.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('tells the root when the application was submitted and its reference, for the completion page', async () => {
    const { subject, received } = start({
      submit: () => Promise.resolve({ message: SUBMITTED_MESSAGE, submitted_at: 1_700_000_000_000, reference: 'A-1042' }),
    });
    asStudent(subject, completeApplication, 'validating');
    subject.send({ type: 'submit' });
    await flush();
    expect(received[SYSTEM_IDS.app]).toEqual([{ type: 'app.submitted', submittedAt: 1_700_000_000_000, reference: 'A-1042' }]);

    // An older server leaves both out: now, and no reference.
    const older = start({ submit: () => Promise.resolve({ message: SUBMITTED_MESSAGE, submitted_at: null, reference: null }) });
    asStudent(older.subject, completeApplication, 'validating');
    older.subject.send({ type: 'submit' });
    await flush();
    expect(older.received[SYSTEM_IDS.app]).toEqual([{ type: 'app.submitted', submittedAt: FIXTURE_NOW.getTime(), reference: '' }]);
  });

  it("keeps only the server's errors that name a key and say a message", async () => {
    const rejected = new ApiError('Missing', 'http', 422, {
      message: 'Missing',
      errors: [
        null,
        'gender',
        { key: 7, message: 'Not a key.' },
        { message: 'No key.' },
        { key: 'gender' },
        { key: 'gender', message: 42 },
        { key: 'gender', message: 'Sex is required.' },
      ],
    });
    const { subject, received } = start({ submit: () => Promise.reject(rejected) });
    asStudent(subject, completeApplication, 'validating');
    subject.send({ type: 'submit' });
    await flush();
    expect(subject.getSnapshot().value).toBe('invalid');
    // Both carry the answers the submit saved: the server's verdict concerns them as sent.
    expect(received[SYSTEM_IDS.validation]).toEqual([
      { type: 'validation.check', answers: completeApplication },
      { type: 'validation.serverErrors', errors: [{ key: 'gender', message: 'Sex is required.' }], answers: completeApplication },
    ]);
  });

  it("says the server's message when its 422 lists no errors", async () => {
    const rejected = new ApiError('Applications are closed.', 'http', 422, { message: 'Applications are closed.' });
    const { subject, received } = start({ submit: () => Promise.reject(rejected) });
    asStudent(subject, completeApplication, 'validating');
    subject.send({ type: 'submit' });
    await flush();
    expect(subject.getSnapshot().value).toBe('failed');
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
    expect(received[SYSTEM_IDS.toasts]).toEqual([
      { type: 'toast.show', toast: { severity: 'error', title: 'Error', message: 'Applications are closed.' } },
    ]);
  });

  it('says every error the server found that names no question, one after the other', async () => {
    const rejected = new ApiError('Missing', 'http', 422, {
      message: 'Missing',
      errors: [
        { key: '', message: 'Applications for this term are closed.' },
        { key: 'no_such_question', message: 'Call the admissions office.' },
      ],
    });
    const { subject, received } = start({ submit: () => Promise.reject(rejected) });
    asStudent(subject, completeApplication, 'validating');
    subject.send({ type: 'submit' });
    await flush();
    expect(received[SYSTEM_IDS.toasts]).toEqual([
      {
        type: 'toast.show',
        toast: { severity: 'error', title: 'Error', message: 'Applications for this term are closed. Call the admissions office.' },
      },
    ]);
  });

  it('treats a refusal other than 422 as a failure, whatever its body lists', async () => {
    const refused = new ApiError('Something went wrong.', 'http', 500, {
      message: 'Something went wrong.',
      errors: [{ key: 'gender', message: 'Sex is required.' }],
    });
    const { subject, received } = start({ submit: () => Promise.reject(refused) });
    asStudent(subject, completeApplication, 'validating');
    subject.send({ type: 'submit' });
    await flush();
    expect(subject.getSnapshot().value).toBe('failed');
    expect(received[SYSTEM_IDS.validation]).toEqual([{ type: 'validation.check', answers: completeApplication }]);
    expect(received[SYSTEM_IDS.navigation]).toBeUndefined();
    expect(received[SYSTEM_IDS.toasts]).toEqual([
      { type: 'toast.show', toast: { severity: 'error', title: 'Error', message: 'Something went wrong.' } },
    ]);
  });

  it("checks the personal statement against the college's essay limit, 7000 characters unless it says", async () => {
    const essay = { ...completeApplication, personal_statement_essay: 'a'.repeat(7001) };
    const byDefault = start({}, { essayLimit: undefined });
    asStudent(byDefault.subject, essay, 'validating');
    byDefault.subject.send({ type: 'submit' });
    await flush();
    expect(byDefault.subject.getSnapshot().value).toBe('invalid');

    const { subject, log } = start({}, { errorRoute: '/about', essayLimit: 50 });
    asStudent(subject, completeApplication, 'validating');
    subject.send({ type: 'submit' });
    await flush();
    expect(subject.getSnapshot().value).toBe('invalid');
    expect(log).toEqual(['save', 'validations']);
  });

  it('sends the validations report and the submission to the server', async () => {
    const validations = vi.spyOn(api, 'postValidations').mockResolvedValue({ message: 'Saved.' });
    const submission = vi.spyOn(api, 'submit').mockResolvedValue({ message: SUBMITTED_MESSAGE, submitted_at: null, reference: null });
    let saved: Answers = incomplete;
    const answers = answersStandIn(() => ({ type: 'answers.saved', answers: saved }));
    const { subject } = startInSystem(submitMachine, {
      systemId: SYSTEM_IDS.submit,
      input: { role: 'applicant', webStatus: 'validating' } satisfies SubmitInput,
      spies: SPIES,
      siblings: { [SYSTEM_IDS.answers]: answers.logic },
    });
    subject.send({ type: 'submit' });
    await flush();
    expect(validations).toHaveBeenCalledWith({ first_name: [APPLICATION_MESSAGES.firstNameRequired] }, expect.any(AbortSignal));
    expect(submission).not.toHaveBeenCalled();
    saved = completeApplication;
    subject.send({ type: 'submit' });
    await flush();
    expect(submission).toHaveBeenCalledWith(expect.any(AbortSignal));
    expect(subject.getSnapshot().value).toBe('submitted');
    validations.mockRestore();
    submission.mockRestore();
  });
});

describe('a submission the server cannot take yet', () => {
  it('says the server’s words beside Submit, not in a toast, until the next try', async () => {
    const waitMessage = 'Please wait until your document has finished uploading before you submit.';
    let refuse = true;
    const { subject, received } = start({
      submit: () => (refuse ? Promise.reject(new ApiError(waitMessage, 'http', 409, { message: waitMessage })) : Promise.resolve({})),
    });
    asStudent(subject, completeApplication, 'validating');
    subject.send({ type: 'submit' });
    await flush();
    expect(connectSubmit(subject.getSnapshot(), () => {}).notice).toBe(waitMessage);
    expect(connectSubmit(subject.getSnapshot(), () => {}).canSubmit).toBe(true);
    expect(received[SYSTEM_IDS.toasts]).toBeUndefined();

    refuse = false;
    subject.send({ type: 'submit' });
    expect(connectSubmit(subject.getSnapshot(), () => {}).notice).toBeNull();
    await flush();
    expect(subject.getSnapshot().value).toBe('submitted');
  });
});
