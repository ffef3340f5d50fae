import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isUnauthorised, setApiBase } from '../../machines/api/httpClient';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type InputFrom } from 'xstate';
import { completeApplication, FIXTURE_ESSAY_LIMIT, FIXTURE_NOW } from '../fixtures/completeApplication';
import { APPLICATION_MESSAGES } from '../../src/catalogue/schema';
import { failures } from '../qa/fixtures';
import { validationModel } from '../qa/models/validation';
import { SYSTEM_IDS } from '../../machines/systemIds';
import {
  applicationErrors,
  errorMap,
  fieldErrors,
  missingInformation,
  monthYearErrors,
  validationMachine,
  withServerErrors,
  type ValidationContext,
} from '../../machines/validationMachine';
import { connectValidation, sameErrors } from '../../machines/validationView';
import type { Answers } from '../../src/catalogue/dataModel';

import { invariantSuite, payload } from './helpers/invariants';
import { answered, createGate, flush, startInSystem } from './helpers/system';

type ValidationInput = InputFrom<typeof validationMachine>;
type Subject = ReturnType<typeof start>['subject'];

const SPIES = [SYSTEM_IDS.session];
const incomplete = { ...completeApplication, first_name: '', last_name: '' };

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(FIXTURE_NOW);
});
afterEach(() => vi.useRealTimers());

/** Before the session's status is known (a visitor's, or an applicant's not yet validating). */
const NOT_VALIDATING: ValidationInput = { essayLimit: FIXTURE_ESSAY_LIMIT, webStatus: null };

function start(post: (errors: Record<string, string[]>) => Promise<unknown> = () => Promise.resolve({}), input = NOT_VALIDATING) {
  const posted: Record<string, string[]>[] = [];
  const machine = validationMachine.provide({
    actors: {
      postValidations: fromPromise<unknown, Record<string, string[]>>(({ input }) => {
        posted.push(input);
        return post(input);
      }),
    },
  });
  const started = startInSystem(machine, { systemId: SYSTEM_IDS.validation, input, spies: SPIES });
  return { ...started, posted };
}

/** What the page shows over these answers (the answers actor's): the validation view API. */
const shown = (subject: Subject, answers: Answers) => connectValidation(subject.getSnapshot(), answers);
const fieldShown = (subject: Subject, answers: Answers, key: string) => fieldErrors(shown(subject, answers).errors, key);

describe('validation: helpers', () => {
  it('finds no error in a complete application', () => {
    expect(applicationErrors(completeApplication, FIXTURE_ESSAY_LIMIT, FIXTURE_NOW)).toEqual([]);
  });

  it('gives each field its de-duplicated messages', () => {
    const errors = [
      { key: 'first_name', message: 'A' },
      { key: 'first_name', message: 'A' },
      { key: 'last_name', message: 'B' },
    ];
    expect(fieldErrors(errors, 'first_name')).toEqual(['A']);
    expect(fieldErrors(errors, 'gender')).toEqual([]);
  });

  it('combines the errors of a month and a year select', () => {
    const errors = [
      { key: 'sat_plan_month', message: 'Pick a date.' },
      { key: 'sat_plan_year', message: 'Pick a date.' },
      { key: 'sat_plan_year', message: 'Too late.' },
    ];
    expect(monthYearErrors(errors, 'sat_plan_month', 'sat_plan_year')).toEqual(['Pick a date.', 'Too late.']);
    // The month's own words count too, and another field's never do.
    expect(
      monthYearErrors(
        [
          { key: 'sat_plan_month', message: 'Pick a month.' },
          { key: 'gender', message: 'Choose one.' },
          { key: 'sat_plan_year', message: 'Pick a date.' },
        ],
        'sat_plan_month',
        'sat_plan_year',
      ),
    ).toEqual(['Pick a month.', 'Pick a date.']);
  });

  it('tells two lists of errors apart only when their words differ (a field re-renders then only)', () => {
    const errors = [
      { key: 'first_name', message: 'A' },
      { key: 'last_name', message: 'B' },
    ];
    expect(sameErrors(errors, errors)).toBe(true);
    expect(
      sameErrors(
        errors,
        errors.map((error) => ({ ...error })),
      ),
    ).toBe(true);
    expect(sameErrors([], [])).toBe(true);
    expect(sameErrors(errors.slice(0, 1), errors)).toBe(false);
    expect(sameErrors(errors, [errors[0]!, { key: 'last_name', message: 'C' }])).toBe(false);
    expect(sameErrors(errors, [errors[0]!, { key: 'gender', message: 'B' }])).toBe(false);
  });

  it('maps errors by key for the validations call', () => {
    expect(
      errorMap([
        { key: 'a', message: '1' },
        { key: 'a', message: '2' },
        { key: '', message: 'x' },
      ]),
    ).toEqual({ a: ['1', '2'] });
  });

  it('links each missing item to its page and question', () => {
    expect(
      missingInformation([
        { key: 'legal_agree', message: 'Agree.' },
        { key: 'bogus', message: 'x' },
      ]),
    ).toEqual([{ page: 'final-steps', key: 'legal_agree', message: 'Agree.', href: '/final-steps#legal_agree' }]);
  });

  it('reuses the result for the same answers', () => {
    const first = applicationErrors(incomplete, FIXTURE_ESSAY_LIMIT, FIXTURE_NOW);
    expect(applicationErrors({ ...incomplete }, FIXTURE_ESSAY_LIMIT, FIXTURE_NOW)).toBe(first);
    // Later the same day: the rules of the day are the same, so is the result.
    expect(applicationErrors(incomplete, FIXTURE_ESSAY_LIMIT, new Date(FIXTURE_NOW.getTime() + 60 * 60 * 1000))).toBe(first);
  });
});

describe('validation', () => {
  it('stays silent until the status is validating', () => {
    const { subject } = start();
    subject.send({ type: 'webStatus.changed', webStatus: 'started' });
    // Save or Next before validating checks nothing.
    subject.send({ type: 'validation.post', answers: incomplete });
    expect(shown(subject, incomplete)).toEqual({ active: false, errors: [], attention: '' });
  });

  it('checks at each check, keeps the errors in their places while answers change, and forgets them after', () => {
    const { subject } = start();
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    subject.send({ type: 'validation.check', answers: incomplete });
    expect(shown(subject, incomplete).active).toBe(true);
    expect(fieldShown(subject, incomplete, 'first_name')).toEqual([APPLICATION_MESSAGES.firstNameRequired]);
    // The step bar's steps needing attention: those holding the errors shown.
    expect(shown(subject, incomplete).attention).toBe('about');
    // Answered: the message stays where it is until the next check (nothing moves under the pointer).
    const ada = { ...incomplete, first_name: 'Ada' };
    expect(fieldShown(subject, ada, 'first_name')).toEqual([APPLICATION_MESSAGES.firstNameRequired]);
    subject.send({ type: 'validation.check', answers: ada });
    expect(fieldShown(subject, ada, 'first_name')).toEqual([]);
    expect(missingInformation(shown(subject, ada).errors)).toEqual([
      { page: 'about', key: 'last_name', message: APPLICATION_MESSAGES.lastNameRequired, href: '/about#last_name' },
    ]);
    subject.send({ type: 'webStatus.changed', webStatus: 'submitted' });
    expect(shown(subject, ada)).toEqual({ active: false, errors: [], attention: '' });
  });

  it('between checks, an error shown follows the answer in its words, and a new one waits for the next check', () => {
    const { subject } = start();
    const young = { ...completeApplication, birth_date: '2020-01-01' };
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    subject.send({ type: 'validation.check', answers: young });
    expect(fieldShown(subject, young, 'birth_date')).toEqual([APPLICATION_MESSAGES.tooYoung]);
    // The answer changes to another wrong one: the message under it says what is wrong now.
    expect(fieldShown(subject, { ...completeApplication, birth_date: '1900-01-01' }, 'birth_date')).toEqual([
      APPLICATION_MESSAGES.birthDateUnsupported,
    ]);
    // Fixed: a message stays in its place, in the words of the last check, until the next check.
    const fixed = { ...completeApplication, birth_date: '2008-05-14' };
    expect(fieldShown(subject, fixed, 'birth_date')).toEqual([APPLICATION_MESSAGES.tooYoung]);
    // "Convicted: Yes" asks for a comment: no message appears under the new box while answering…
    const convicted = { ...fixed, conviction: 'Y', conviction_desc: 'Yes', conviction_comment: '' };
    expect(fieldShown(subject, convicted, 'conviction_comment')).toEqual([]);
    expect(missingInformation(shown(subject, convicted).errors).map((item) => item.key)).toEqual(['birth_date']);
    // …until Save or Next checks again (and reports what it found).
    subject.send({ type: 'validation.post', answers: convicted });
    expect(shown(subject, convicted).errors).toEqual([
      { key: 'conviction_comment', message: APPLICATION_MESSAGES.convictionCommentRequired },
    ]);
    expect(shown(subject, convicted).attention).toBe('final-steps');
  });

  it('keeps the errors shown when the status says validating again, and shows none after it left and came back, until the next check', () => {
    const { subject } = start();
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    subject.send({ type: 'validation.check', answers: incomplete });
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    expect(fieldShown(subject, incomplete, 'first_name')).toEqual([APPLICATION_MESSAGES.firstNameRequired]);
    subject.send({ type: 'webStatus.changed', webStatus: 'started' });
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    expect(shown(subject, incomplete)).toEqual({ active: true, errors: [], attention: '' });
    subject.send({ type: 'validation.check', answers: incomplete });
    expect(shown(subject, incomplete).errors.map((error) => error.key)).toEqual(['first_name', 'last_name']);
  });

  it("keeps the server's errors after the page's own, and a field's new words once, where its first error was", () => {
    const { subject } = start();
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    const young = { ...incomplete, birth_date: '2020-01-01' };
    const refused = { key: 'first_name', message: 'This name could not be accepted.' };
    const birthRefused = { key: 'birth_date', message: 'This date could not be accepted.' };
    subject.send({ type: 'validation.serverErrors', errors: [refused, birthRefused], answers: young });
    const keys = (answers: Answers) => shown(subject, answers).errors.map((error) => error.key);
    expect(keys(young)).toEqual(['first_name', 'last_name', 'birth_date', 'first_name', 'birth_date']);
    // The birth date changes to another wrong one: its two errors give way to its one new message, once.
    const old = { ...young, birth_date: '1900-01-01' };
    expect(shown(subject, old).errors.filter((error) => error.key === 'birth_date')).toEqual([
      { key: 'birth_date', message: APPLICATION_MESSAGES.birthDateUnsupported },
    ]);
    expect(keys(old)).toEqual(['first_name', 'last_name', 'birth_date', 'first_name']);
  });

  it('follows the college essay limit', () => {
    const essay = { ...completeApplication, personal_statement_essay: 'x'.repeat(20) };
    const { subject } = start();
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    subject.send({ type: 'validation.check', answers: essay });
    expect(shown(subject, essay).errors).toEqual([]);
    const college = start(undefined, { essayLimit: 10, webStatus: null });
    college.subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    college.subject.send({ type: 'validation.check', answers: essay });
    expect(fieldShown(college.subject, essay, 'personal_statement_essay')).toEqual([APPLICATION_MESSAGES.tooLong(10)]);
  });

  it('shows the errors of the answers it starts with for an applicant whose session starts validating, and not otherwise', () => {
    const validating = start(undefined, { essayLimit: FIXTURE_ESSAY_LIMIT, webStatus: 'validating', answers: incomplete });
    expect(shown(validating.subject, incomplete).active).toBe(true);
    expect(fieldShown(validating.subject, incomplete, 'first_name')).toEqual([APPLICATION_MESSAGES.firstNameRequired]);
    // The device's draft fills it in: the message keeps its place until the next check.
    expect(fieldShown(validating.subject, { ...incomplete, first_name: 'Ada' }, 'first_name')).toEqual([
      APPLICATION_MESSAGES.firstNameRequired,
    ]);
    expect(fieldShown(validating.subject, { ...incomplete, first_name: 'Ada' }, 'gender')).toEqual([]);
    for (const webStatus of [null, 'started', 'submitted'] as const) {
      const { subject } = start(undefined, { essayLimit: FIXTURE_ESSAY_LIMIT, webStatus, answers: incomplete });
      expect(shown(subject, incomplete), String(webStatus)).toEqual({ active: false, errors: [], attention: '' });
    }
  });

  it('posts the error map when asked while validating', async () => {
    const { subject, posted } = start();
    subject.send({ type: 'validation.post', answers: incomplete });
    expect(posted).toEqual([]);
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    subject.send({ type: 'validation.post', answers: incomplete });
    expect(subject.getSnapshot().value).toEqual({ active: 'posting' });
    await flush();
    expect(posted).toEqual([{ first_name: [APPLICATION_MESSAGES.firstNameRequired], last_name: [APPLICATION_MESSAGES.lastNameRequired] }]);
    expect(subject.getSnapshot().value).toEqual({ active: 'idle' });
  });

  it("shows the server's errors beside its own until the answer they concern changes", () => {
    const { subject } = start();
    const sent = { ...completeApplication, last_name: '' };
    subject.send({ type: 'webStatus.changed', webStatus: 'started' });
    const refused = { key: 'first_name', message: 'This name could not be accepted.' };
    subject.send({ type: 'validation.serverErrors', errors: [refused], answers: sent });
    // Shown even though the status had not reached validating yet: the server refused the application.
    expect(shown(subject, sent).active).toBe(true);
    expect(fieldShown(subject, sent, 'first_name')).toEqual([refused.message]);
    expect(missingInformation(shown(subject, sent).errors).map((item) => item.message)).toEqual([
      APPLICATION_MESSAGES.lastNameRequired,
      refused.message,
    ]);
    // Another answer changes: the server's verdict on this one still holds, at the next check too.
    const lovelace = { ...completeApplication, last_name: 'Lovelace' };
    expect(fieldShown(subject, lovelace, 'first_name')).toEqual([refused.message]);
    subject.send({ type: 'validation.check', answers: lovelace });
    expect(shown(subject, lovelace).errors).toEqual([refused]);
    // The applicant changes it: the message keeps its place until the next check, which the page
    // makes afresh (the next submit asks the server again).
    const augusta = { ...lovelace, first_name: 'Augusta' };
    expect(fieldShown(subject, augusta, 'first_name')).toEqual([refused.message]);
    subject.send({ type: 'validation.check', answers: augusta });
    expect(shown(subject, augusta).errors).toEqual([]);
  });

  it('reports again at the next Save after a report was lost', async () => {
    const { subject, posted } = start(() =>
      answered(() => {
        throw failures.network;
      }),
    );
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    subject.send({ type: 'validation.post', answers: incomplete });
    await flush();
    subject.send({ type: 'validation.post', answers: completeApplication });
    await flush();
    expect(posted).toEqual([
      { first_name: [APPLICATION_MESSAGES.firstNameRequired], last_name: [APPLICATION_MESSAGES.lastNameRequired] },
      {},
    ]);
  });

  it('a Save while the last report is on its way shows its errors at once, and the latest are reported after', async () => {
    const gate = createGate();
    const machine = validationMachine.provide({ actors: { postValidations: gate.actor() } });
    const input: ValidationInput = { essayLimit: FIXTURE_ESSAY_LIMIT, webStatus: 'validating', answers: incomplete };
    const { subject } = startInSystem(machine, { systemId: SYSTEM_IDS.validation, input, spies: SPIES });
    subject.send({ type: 'validation.post', answers: incomplete });
    expect(gate.pendingIds()).toEqual(['postValidations']);
    const fixed = { ...incomplete, first_name: 'Ada', last_name: 'Lovelace' };
    subject.send({ type: 'validation.post', answers: fixed });
    // The page follows the second Save's check, though the first report has not come back.
    expect(shown(subject, fixed).errors).toEqual([]);
    gate.resolve('postValidations');
    await flush();
    expect(gate.inputOf('postValidations')).toEqual({});
    gate.resolve('postValidations');
    await flush();
    expect(gate.pendingIds()).toEqual([]);
    expect(gate.calls.map((call) => call.input)).toEqual([
      { first_name: [APPLICATION_MESSAGES.firstNameRequired], last_name: [APPLICATION_MESSAGES.lastNameRequired] },
      {},
    ]);
  });

  it('reports the errors to the server: POST /api/validations with the messages by answer key', async () => {
    vi.useRealTimers();
    const seen: { route: string; body: unknown }[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({ route: `${request.method ?? ''} ${request.url ?? ''}`, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"message":"ok"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    setApiBase(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      const { subject } = startInSystem(validationMachine, { systemId: SYSTEM_IDS.validation, input: NOT_VALIDATING, spies: SPIES });
      subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
      subject.send({ type: 'validation.post', answers: { ...completeApplication, first_name: '' } });
      await vi.waitFor(() => expect(seen).toHaveLength(1));
      expect(seen).toEqual([{ route: 'POST /api/validations', body: { first_name: [APPLICATION_MESSAGES.firstNameRequired] } }]);
    } finally {
      setApiBase(undefined);
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("does not repeat a server error the page's own check already shows", () => {
    const { subject } = start();
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    subject.send({ type: 'validation.check', answers: incomplete });
    subject.send({
      type: 'validation.serverErrors',
      errors: [{ key: 'first_name', message: APPLICATION_MESSAGES.firstNameRequired }],
      answers: incomplete,
    });
    expect(shown(subject, incomplete).errors.filter((error) => error.key === 'first_name')).toHaveLength(1);
  });

  it('hands a 401 of the validations call to the session', async () => {
    const { subject, received } = start(() =>
      answered(() => {
        throw failures.unauthorised;
      }),
    );
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    subject.send({ type: 'validation.post', answers: incomplete });
    await flush();
    expect(received[SYSTEM_IDS.session]).toEqual([{ type: 'session.unauthorised' }]);
  });

  it('warns about an error key without a page', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { subject } = start();
    subject.send({ type: 'webStatus.changed', webStatus: 'started' });
    const errors = [
      { key: 'bogus_key', message: 'x' },
      { key: 'first_name', message: 'y' },
    ];
    subject.send({ type: 'validation.serverErrors', errors, answers: completeApplication });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"bogus_key"'));
    expect(missingInformation(shown(subject, completeApplication).errors).map((item) => item.key)).toEqual(['first_name']);
    warn.mockRestore();
  });

  it('names each step holding errors once, and none for an error without a page', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { subject } = start();
    const errors = [
      { key: 'legal_agree', message: 'Agree.' },
      { key: 'bogus_key', message: 'x' },
    ];
    subject.send({ type: 'validation.serverErrors', errors, answers: incomplete });
    expect(shown(subject, incomplete).attention).toBe('about final-steps');
    warn.mockRestore();
  });

  it('does not warn about an error of the whole application (no key, no page to link)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { subject } = start();
    subject.send({
      type: 'validation.serverErrors',
      errors: [{ key: '', message: 'The application could not be accepted.' }],
      answers: {},
    });
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

/** The answers a check event carries. */
const answersOf = (event: { type: string }): Answers | undefined =>
  'answers' in event ? (event as { answers: Answers }).answers : undefined;

invariantSuite(
  validationModel,
  (path) => {
    const gate = createGate();
    const machine = validationMachine.provide({ actors: { postValidations: gate.actor() } });
    return { machine, gate, ...startInSystem(machine, { systemId: SYSTEM_IDS.validation, input: path.input, spies: SPIES }) };
  },
  [
    {
      name: "the errors checked are the carried answers' and the server's standing verdicts at each check, stay between checks, and exist only while validating",
      check: (step) => {
        const context = step.after.context as ValidationContext;
        const before = step.before.context as ValidationContext;
        const answers = answersOf(step.event);
        // A check: the submit's check, Save or Next (validation.post while idle), the server's refusal.
        const checked =
          answers !== undefined &&
          (['validation.check', 'validation.serverErrors'].includes(step.event.type) ||
            (step.event.type === 'validation.post' && step.before.matches({ active: 'idle' })));
        if (!step.after.matches('active')) expect(context.checked).toEqual([]);
        else if (checked)
          expect(context.checked).toEqual(withServerErrors(applicationErrors(answers, context.essayLimit), context.serverErrors));
        else expect(context.checked).toEqual(step.before.matches('active') ? before.checked : []);
        // A verdict of the server stands only while its answer is as refused.
        if (checked) for (const error of context.serverErrors) expect(answers[error.key]).toEqual(context.refused[error.key]);
      },
    },
    {
      name: 'a report sent to the server is the list checked at that moment',
      check: (step) => {
        if (!step.started.includes('postValidations')) return;
        expect(step.startedCalls.find((call) => call.id === 'postValidations')?.input).toEqual(
          errorMap((step.after.context as ValidationContext).checked),
        );
      },
    },
    {
      name: 'a 401 ends the session; no other failure does',
      check: (step) => {
        const ended = step.sent.some(({ to, event }) => to === SYSTEM_IDS.session && event.type === 'session.unauthorised');
        expect(ended).toBe(step.kind === 'error' && isUnauthorised(payload<{ error?: unknown }>(step).error));
      },
    },
  ],
);
