import { isUnauthorised } from '../../machines/api/httpClient';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, fromPromise, type InputFrom } from 'xstate';
import { completeApplication, FIXTURE_ESSAY_LIMIT, FIXTURE_NOW } from '../fixtures/completeApplication';
import { APPLICATION_MESSAGES } from '../../src/catalogue/schema';
import { failures } from '../qa/fixtures';
import { validationModel } from '../qa/models/validation';
import { SYSTEM_IDS } from '../../machines/systemIds';
import {
  applicationErrors,
  errorMap,
  fieldErrors,
  inTheirPlaces,
  missingInformation,
  monthYearErrors,
  validationMachine,
  withServerErrors,
  type ValidationContext,
} from '../../machines/validationMachine';

type ValidationInput = InputFrom<typeof validationMachine>;
import { invariantSuite, payload } from './helpers/invariants';
import { answered, createGate, flush, startInSystem } from './helpers/system';

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
  });
});

describe('validation', () => {
  it('stays silent until the status is validating', () => {
    const { subject } = start();
    subject.send({ type: 'answers.changed', answers: incomplete });
    subject.send({ type: 'webStatus.changed', webStatus: 'started' });
    expect(subject.getSnapshot().value).toBe('inactive');
    expect(subject.getSnapshot().context.errors).toEqual([]);
  });

  it('checks when validation starts, keeps the errors in their places while answers change, and forgets them after', () => {
    const { subject } = start();
    subject.send({ type: 'answers.changed', answers: incomplete });
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    expect(subject.getSnapshot().value).toEqual({ active: 'idle' });
    expect(fieldErrors(subject.getSnapshot().context.errors, 'first_name')).toEqual([APPLICATION_MESSAGES.firstNameRequired]);
    // The step bar's steps needing attention: those holding the errors shown.
    expect(subject.getSnapshot().context.attention).toBe('about');
    // Answered: the message stays where it is until the next check (nothing moves under the pointer).
    subject.send({ type: 'answers.changed', answers: { ...incomplete, first_name: 'Ada' } });
    expect(fieldErrors(subject.getSnapshot().context.errors, 'first_name')).toEqual([APPLICATION_MESSAGES.firstNameRequired]);
    subject.send({ type: 'validation.check' });
    expect(fieldErrors(subject.getSnapshot().context.errors, 'first_name')).toEqual([]);
    expect(missingInformation(subject.getSnapshot().context.errors)).toEqual([
      { page: 'about', key: 'last_name', message: APPLICATION_MESSAGES.lastNameRequired, href: '/about#last_name' },
    ]);
    subject.send({ type: 'webStatus.changed', webStatus: 'submitted' });
    expect(subject.getSnapshot().value).toBe('inactive');
    expect(subject.getSnapshot().context.errors).toEqual([]);
    expect(subject.getSnapshot().context.attention).toBe('');
  });

  it('between checks, an error shown follows the answer in its words, and a new one waits for the next check', () => {
    const { subject } = start();
    subject.send({ type: 'answers.changed', answers: { ...completeApplication, birth_date: '2020-01-01' } });
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    expect(fieldErrors(subject.getSnapshot().context.errors, 'birth_date')).toEqual([APPLICATION_MESSAGES.tooYoung]);
    // The answer changes to another wrong one: the message under it says what is wrong now.
    subject.send({ type: 'answers.changed', answers: { ...completeApplication, birth_date: '1900-01-01' } });
    expect(fieldErrors(subject.getSnapshot().context.errors, 'birth_date')).toEqual([APPLICATION_MESSAGES.birthDateUnsupported]);
    // Fixed: the last message stays in its place until the next check.
    subject.send({ type: 'answers.changed', answers: { ...completeApplication, birth_date: '2008-05-14' } });
    expect(fieldErrors(subject.getSnapshot().context.errors, 'birth_date')).toEqual([APPLICATION_MESSAGES.birthDateUnsupported]);
    // "Convicted: Yes" asks for a comment: no message appears under the new box while answering…
    const convicted = { ...completeApplication, conviction: 'Y', conviction_desc: 'Yes', conviction_comment: '' };
    subject.send({ type: 'answers.changed', answers: convicted });
    expect(fieldErrors(subject.getSnapshot().context.errors, 'conviction_comment')).toEqual([]);
    expect(missingInformation(subject.getSnapshot().context.errors).map((item) => item.key)).toEqual(['birth_date']);
    // …until Save or Next checks again (and reports what it found).
    subject.send({ type: 'validation.post' });
    expect(subject.getSnapshot().context.errors).toEqual([
      { key: 'conviction_comment', message: APPLICATION_MESSAGES.convictionCommentRequired },
    ]);
    expect(subject.getSnapshot().context.attention).toBe('final-steps');
  });

  it('follows the college essay limit', () => {
    const essay = { ...completeApplication, personal_statement_essay: 'x'.repeat(20) };
    const { subject } = start();
    subject.send({ type: 'answers.changed', answers: essay });
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    expect(subject.getSnapshot().context.errors).toEqual([]);
    const college = start(undefined, { essayLimit: 10, webStatus: null });
    college.subject.send({ type: 'answers.changed', answers: essay });
    college.subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    expect(fieldErrors(college.subject.getSnapshot().context.errors, 'personal_statement_essay')).toEqual([
      APPLICATION_MESSAGES.tooLong(10),
    ]);
  });

  it('shows the errors from the start for an applicant whose session starts validating, and not otherwise', () => {
    const validating = start(undefined, { essayLimit: FIXTURE_ESSAY_LIMIT, webStatus: 'validating' });
    expect(validating.subject.getSnapshot().matches('active')).toBe(true);
    validating.subject.send({ type: 'answers.changed', answers: incomplete });
    expect(fieldErrors(validating.subject.getSnapshot().context.errors, 'first_name')).toEqual([APPLICATION_MESSAGES.firstNameRequired]);
    for (const webStatus of [null, 'started', 'submitted'] as const) {
      const { subject } = start(undefined, { essayLimit: FIXTURE_ESSAY_LIMIT, webStatus });
      expect(subject.getSnapshot().matches('inactive'), String(webStatus)).toBe(true);
      subject.send({ type: 'answers.changed', answers: incomplete });
      expect(subject.getSnapshot().context.errors).toEqual([]);
    }
  });

  it('posts the error map when asked while validating', async () => {
    const { subject, posted } = start();
    subject.send({ type: 'answers.changed', answers: incomplete });
    subject.send({ type: 'validation.post' });
    expect(posted).toEqual([]);
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    subject.send({ type: 'validation.post' });
    expect(subject.getSnapshot().value).toEqual({ active: 'posting' });
    await flush();
    expect(posted).toEqual([{ first_name: [APPLICATION_MESSAGES.firstNameRequired], last_name: [APPLICATION_MESSAGES.lastNameRequired] }]);
    expect(subject.getSnapshot().value).toEqual({ active: 'idle' });
  });

  it("shows the server's errors beside its own until the answer they concern changes", () => {
    const { subject } = start();
    subject.send({ type: 'answers.changed', answers: { ...completeApplication, last_name: '' } });
    subject.send({ type: 'webStatus.changed', webStatus: 'started' });
    const refused = { key: 'first_name', message: 'This name could not be accepted.' };
    subject.send({ type: 'validation.serverErrors', errors: [refused] });
    // Shown even though the status had not reached validating yet: the server refused the application.
    expect(subject.getSnapshot().matches('active')).toBe(true);
    expect(fieldErrors(subject.getSnapshot().context.errors, 'first_name')).toEqual([refused.message]);
    expect(missingInformation(subject.getSnapshot().context.errors).map((item) => item.message)).toEqual([
      APPLICATION_MESSAGES.lastNameRequired,
      refused.message,
    ]);
    // Another answer changes: the server's verdict on this one still holds.
    subject.send({ type: 'answers.changed', answers: { ...completeApplication, last_name: 'Lovelace' } });
    expect(fieldErrors(subject.getSnapshot().context.errors, 'first_name')).toEqual([refused.message]);
    // The applicant changes it: the message keeps its place until the next check, which the page
    // makes afresh (the next submit asks the server again).
    subject.send({ type: 'answers.changed', answers: { ...completeApplication, last_name: 'Lovelace', first_name: 'Augusta' } });
    expect(fieldErrors(subject.getSnapshot().context.errors, 'first_name')).toEqual([refused.message]);
    subject.send({ type: 'validation.check' });
    expect(subject.getSnapshot().context.errors).toEqual([]);
  });

  it("does not repeat a server error the page's own check already shows", () => {
    const { subject } = start();
    subject.send({ type: 'answers.changed', answers: incomplete });
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    subject.send({ type: 'validation.serverErrors', errors: [{ key: 'first_name', message: APPLICATION_MESSAGES.firstNameRequired }] });
    expect(subject.getSnapshot().context.errors.filter((error) => error.key === 'first_name')).toHaveLength(1);
  });

  it('hands a 401 of the validations call to the session', async () => {
    const { subject, received } = start(() =>
      answered(() => {
        throw failures.unauthorised;
      }),
    );
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    subject.send({ type: 'validation.post' });
    await flush();
    expect(received[SYSTEM_IDS.session]).toEqual([{ type: 'session.unauthorised' }]);
  });

  it('warns about an error key without a page', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const machine = validationMachine.provide({
      actions: {
        validate: assign({
          errors: [
            { key: 'bogus_key', message: 'x' },
            { key: 'first_name', message: 'y' },
          ],
        }),
      },
    });
    const { subject } = startInSystem(machine, { systemId: SYSTEM_IDS.validation, input: NOT_VALIDATING, spies: SPIES });
    subject.send({ type: 'webStatus.changed', webStatus: 'validating' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"bogus_key"'));
    expect(missingInformation(subject.getSnapshot().context.errors).map((item) => item.key)).toEqual(['first_name']);
    warn.mockRestore();
  });
});

invariantSuite(
  validationModel,
  (path) => {
    const gate = createGate();
    const machine = validationMachine.provide({ actors: { postValidations: gate.actor() } });
    return { machine, gate, ...startInSystem(machine, { systemId: SYSTEM_IDS.validation, input: path.input, spies: SPIES }) };
  },
  [
    {
      name: "the missing information shown is the current answers' and the server's standing verdicts at each check, keeps its places between checks, and shows only while validating",
      check: (step) => {
        const context = step.after.context as ValidationContext;
        const current = withServerErrors(applicationErrors(context.answers, context.essayLimit), context.serverErrors);
        // A check: validation starting, the submit's check, Save or Next (validation.post while idle), the server's refusal.
        const checked =
          !step.before.matches('active') ||
          ['validation.check', 'validation.serverErrors'].includes(step.event.type) ||
          (step.event.type === 'validation.post' && step.before.matches({ active: 'idle' }));
        const errorsBefore = (step.before.context as ValidationContext).errors;
        const shown = checked ? current : step.event.type === 'answers.changed' ? inTheirPlaces(errorsBefore, current) : errorsBefore;
        expect(context.errors).toEqual(step.after.matches('active') ? shown : []);
        // A verdict of the server outlives no change of the answer it is about.
        const before = step.before.context as ValidationContext;
        for (const error of context.serverErrors)
          if (step.event.type === 'answers.changed') expect(context.answers[error.key]).toEqual(before.answers[error.key]);
      },
    },
    {
      name: 'a report sent to the server is the list shown at that moment',
      check: (step) => {
        if (!step.started.includes('postValidations')) return;
        expect(step.startedCalls.find((call) => call.id === 'postValidations')?.input).toEqual(
          errorMap((step.after.context as { errors: Parameters<typeof errorMap>[0] }).errors),
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
