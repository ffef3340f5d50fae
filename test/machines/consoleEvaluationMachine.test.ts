import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, fromTransition, setup, type AnyEventObject } from 'xstate';
import type { EvaluationChange } from '../../machines/api/consoleDecisions';
import { ApiError } from '../../machines/api/httpClient';
import { consoleEvaluationMachine } from '../../machines/consoleEvaluationMachine';
import { connectConsoleEvaluation } from '../../machines/consoleEvaluationView';
import type { StaffRole } from '../../src/catalogue/schema/staff';
import type { ApplicationEvaluation } from '../../src/catalogue/schema/staffReviews';
import demo from '../../src/college/demo-college.json';

/*
 * An application's reviews, notes and decision on its console page, through the view API, against
 * stand-ins of its calls: read when the page opens; a review and a note checked with the server's
 * own schema before they are sent; each change answered by the evaluation as it now stands; the
 * server's refusals shown as it words them, what was typed kept.
 */

const evaluation = (changes: Partial<ApplicationEvaluation> = {}): ApplicationEvaluation => ({
  application_id: 7,
  submitted: true,
  review_count: 0,
  flagged: false,
  mine: null,
  others: null,
  claimed: false,
  can_review: true,
  reviewers: [],
  notes: [],
  decision: null,
  decision_history: [],
  released: null,
  review_form: demo.review,
  decision_codes: demo.decisions.map(({ code, label }) => ({ code, label })),
  ...changes,
});
const sessionStandIn = fromTransition((events: AnyEventObject[], event: AnyEventObject) => [...events, event], []);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(
  role: StaffRole,
  calls: { load?: () => Promise<ApplicationEvaluation>; change?: (change: EvaluationChange) => Promise<ApplicationEvaluation> } = {},
) {
  const load = vi.fn(calls.load ?? (() => Promise.resolve(evaluation())));
  const change = vi.fn(calls.change ?? (() => Promise.resolve(evaluation())));
  const logic = consoleEvaluationMachine.provide({
    actors: {
      loadEvaluation: fromPromise(() => load()),
      changeEvaluation: fromPromise(({ input }: { input: { id: number; change: EvaluationChange } }) => change(input.change)),
    },
  });
  const harness = setup({ actors: { evaluation: logic, session: sessionStandIn } }).createMachine({
    invoke: [
      { id: 'consoleSession', systemId: 'consoleSession', src: 'session' },
      { id: 'consoleEvaluation', systemId: 'consoleEvaluation', src: 'evaluation', input: { id: 7, role } },
    ],
  });
  const root = createActor(harness).start();
  const actor = root.getSnapshot().children.consoleEvaluation!;
  const view = () => connectConsoleEvaluation(actor.getSnapshot(), (event) => actor.send(event));
  const session = () => root.getSnapshot().children.consoleSession!.getSnapshot().context;
  return { view, load, change, session };
}

describe('an application’s evaluation in the console', () => {
  it('offers a reviewer the review and a claim, and only admins the decision', async () => {
    const reviewer = start('reviewer');
    expect(reviewer.view().phase).toBe('loading');
    await flush();
    expect(reviewer.view()).toMatchObject({ phase: 'ready', canReview: true, canClaim: true, canDecide: false, isAdmin: false });
    const admin = start('admin');
    await flush();
    expect(admin.view()).toMatchObject({ canDecide: true, isAdmin: true });
    const reader = start('reader', { load: () => Promise.resolve(evaluation({ can_review: false })) });
    await flush();
    expect(reader.view()).toMatchObject({ canReview: false, canClaim: false, canDecide: false });
  });

  it('checks a review by the college’s form before sending it, and sends a sound one', async () => {
    const { view, change } = start('reviewer', {
      change: () => Promise.resolve(evaluation({ can_review: false, review_count: 1 })),
    });
    await flush();
    view().review({ academics: 9 }, 'maybe', '');
    expect(change).not.toHaveBeenCalled();
    expect(view().fieldErrors).toMatchObject({
      recommendation: 'Choose a recommendation: Admit, Waitlist, Deny.',
      comment: 'Write a comment on this application.',
    });
    expect(Object.values(view().fieldErrors)).toContain('Rate Academics from 1 to 5.');
    view().review({ academics: 4, essay: 5 }, 'admit', 'Clear and strong.');
    expect(view().writing).toBe('review');
    await flush();
    expect(change).toHaveBeenCalledWith({
      kind: 'review',
      ratings: { academics: 4, essay: 5 },
      recommendation: 'admit',
      comment: 'Clear and strong.',
    });
    expect(view()).toMatchObject({ writing: null, fieldErrors: {}, canReview: false, saved: { kind: 'review', count: 1 } });
  });

  it('refuses an empty note before any call, and counts each note the server took', async () => {
    const noted = evaluation({
      notes: [{ id: 1, staff_email: 'a@college.test', text: 'Called.', created_at: '2026-11-28T10:00:00.000Z' }],
    });
    const { view, change } = start('reader', { change: () => Promise.resolve(noted) });
    await flush();
    view().addNote('   ');
    expect(view().fieldErrors).toEqual({ text: 'Write the note.' });
    expect(change).not.toHaveBeenCalled();
    view().addNote('Called.');
    await flush();
    view().addNote('Called again.');
    await flush();
    expect(view().saved).toEqual({ kind: 'note', count: 2 });
    expect(view().evaluation?.notes.map((note) => note.text)).toEqual(['Called.']);
  });

  it('shows the server’s refusal of a decision and keeps the page as it was', async () => {
    const { view, change } = start('admin', {
      change: () =>
        Promise.reject(
          new ApiError('This application is in an approved release: recall the release before changing its decision.', 'http', 409),
        ),
    });
    await flush();
    view().decide('deny', false);
    await flush();
    expect(change).toHaveBeenCalledWith({ kind: 'decision', code: 'deny', committee: false });
    expect(view()).toMatchObject({
      phase: 'ready',
      writing: null,
      saved: null,
      message: 'This application is in an approved release: recall the release before changing its decision.',
    });
  });

  it('ends the console session on a 401, and offers a retry when the evaluation cannot be read', async () => {
    const unauthorised = start('admin', { load: () => Promise.reject(new ApiError('Please sign in.', 'unauthorised', 401)) });
    await flush();
    expect(unauthorised.session()).toEqual([{ type: 'console.unauthorised' }]);
    let attempts = 0;
    const flaky = start('admin', {
      load: () =>
        ++attempts === 1 ? Promise.reject(new ApiError('The server is not answering.', 'http', 503)) : Promise.resolve(evaluation()),
    });
    await flush();
    expect(flaky.view()).toMatchObject({ phase: 'failed', message: 'The server is not answering.' });
    flaky.view().retry();
    await flush();
    expect(flaky.view()).toMatchObject({ phase: 'ready', message: null });
  });
});
