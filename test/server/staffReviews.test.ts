import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_REFUSALS } from '../../server/application/reviewService';
import { STAFF_ACCESS_MESSAGES } from '../../server/http/staffSession';
import type { ApplicationEvaluation, ReviewQueue } from '../../src/catalogue/schema/staffReviews';
import { review, submittedApplicant } from './helpers/decisions';
import { invitedAndSignedIn, signedInStaff, type SignedInStaff } from './helpers/staff';
import { startTestServer, type MessageBody, type TestClient, type TestServer } from './helpers/testServer';

let server: TestServer;
let staff: SignedInStaff;
let first: { client: TestClient; id: number };
let second: { client: TestClient; id: number };
let reviewerA: TestClient;
let reviewerB: TestClient;
let reviewerBId: number;
/** Submitted oldest first: the queue offers them in this order. */
const apps: Record<'oldest' | 'middle' | 'newest' | 'unsubmitted', number> = {} as never;

const evaluation = (client: TestClient, id: number) => client.get<ApplicationEvaluation>(`/api/staff/applications/${id}/evaluation`);
const submitReview = (client: TestClient, id: number, body: unknown) =>
  client.post<ApplicationEvaluation & MessageBody>(`/api/staff/applications/${id}/reviews`, body);

beforeAll(async () => {
  server = await startTestServer();
  staff = await signedInStaff(server);
  const admin = staff.callers.admin;
  reviewerA = (await invitedAndSignedIn(server, admin, 'ada@college.example', 'reviewer')).client;
  const b = await invitedAndSignedIn(server, admin, 'ben@college.example', 'reviewer');
  reviewerB = b.client;
  reviewerBId = b.id;
  apps.oldest = (await submittedApplicant(server, admin, 'oldest@example.org', { first_name: 'Olga' })).id;
  server.clock.advance(60_000);
  apps.middle = (await submittedApplicant(server, admin, 'middle@example.org', { first_name: 'Mina' })).id;
  server.clock.advance(60_000);
  apps.newest = (await submittedApplicant(server, admin, 'newest@example.org', { first_name: 'Noor' })).id;
  first = { client: reviewerA, id: apps.oldest };
  second = { client: reviewerB, id: apps.oldest };
  const unsubmitted = staff.callers.applicant;
  expect((await unsubmitted.put('/api/answer', { first_name: 'Una' })).status).toBe(200);
  const list = await admin.get<{ applications: { id: number; email: string }[] }>('/api/staff/applications?q=applicant%40example.org');
  apps.unsubmitted = list.body.applications[0]!.id;
}, 120_000);

afterAll(async () => {
  await server.stop();
});

describe('who may review', () => {
  it('lets readers read and add notes, reviewers also claim and review, and only admins assign and decide', async () => {
    const id = apps.newest;
    const calls: { name: string; call: (client: TestClient) => Promise<{ status: number; body: unknown }>; role: string }[] = [
      { name: 'evaluation', call: (client) => evaluation(client, id), role: 'reader' },
      { name: 'queue', call: (client) => client.get('/api/staff/review-queue'), role: 'reviewer' },
      { name: 'review', call: (client) => submitReview(client, id, review(9, 9, 'admit')), role: 'reviewer' },
      { name: 'assign', call: (client) => client.post(`/api/staff/applications/${id}/assignments`, { staff_id: 999_999 }), role: 'admin' },
      { name: 'decide', call: (client) => client.post(`/api/staff/applications/${id}/decisions`, { code: 'nonsense' }), role: 'admin' },
      { name: 'releases', call: (client) => client.get('/api/staff/releases'), role: 'admin' },
    ];
    const seen: string[] = [];
    for (const { name, call, role } of calls) {
      for (const [caller, client] of [
        ['nobody', staff.callers.nobody],
        ['applicant', staff.callers.applicant],
        ['deactivated', staff.callers.deactivated],
        ['reader', staff.callers.reader],
        ['reviewer', reviewerA],
      ] as const) {
        const response = await call(client);
        const rank = { nobody: 0, applicant: 0, deactivated: 0, reader: 1, reviewer: 2 }[caller];
        const needed = { reader: 1, reviewer: 2, admin: 3 }[role]!;
        const message = (response.body as MessageBody).message;
        if (rank === 0) seen.push(`${name} ${caller}: ${response.status === 401 && message === STAFF_ACCESS_MESSAGES.signInNeeded}`);
        else if (rank < needed) {
          const expected = role === 'admin' ? STAFF_ACCESS_MESSAGES.adminOnly : STAFF_ACCESS_MESSAGES.reviewersOnly;
          seen.push(`${name} ${caller}: ${response.status === 403 && message === expected}`);
        } else seen.push(`${name} ${caller}: ${response.status !== 401 && response.status !== 403}`);
      }
    }
    expect(seen.filter((line) => line.endsWith('false'))).toEqual([]);
  });

  it('checks a review against the college’s form, word for word', async () => {
    const outOfRange = await submitReview(reviewerA, apps.newest, review(6, 3, 'admit'));
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.message).toBe('Rate Academics from 1 to 5.');
    const unknown = await submitReview(reviewerA, apps.newest, review(3, 3, 'maybe'));
    expect(unknown.body.message).toBe('Choose a recommendation: Admit, Waitlist, Deny.');
    const empty = await submitReview(reviewerA, apps.newest, review(3, 3, 'admit', '   '));
    expect(empty.body.message).toBe('Write a comment on this application.');
    const unsubmitted = await submitReview(reviewerA, apps.unsubmitted, review(3, 3, 'admit'));
    expect([unsubmitted.status, unsubmitted.body.message]).toEqual([409, REVIEW_REFUSALS.notSubmitted]);
  });
});

describe('the queue and blind first reads', () => {
  it('offers the longest-waiting submitted application first, and claims it for one reviewer', async () => {
    const queue = await reviewerA.get<ReviewQueue>('/api/staff/review-queue');
    expect(queue.body.waiting.map((item) => item.id)).toEqual([apps.oldest, apps.middle, apps.newest]);
    expect(queue.body.waiting[0]!.name).toContain('Olga');
    expect(queue.body.waiting[0]!.review_count).toBe(0);
    const claimed = await reviewerA.post<{ application_id: number }>('/api/staff/review-queue/next');
    expect(claimed.body.application_id).toBe(apps.oldest);
    const after = await reviewerA.get<ReviewQueue>('/api/staff/review-queue');
    expect(after.body.mine.map((item) => item.id)).toEqual([apps.oldest]);
    expect(after.body.waiting.map((item) => item.id)).toEqual([apps.middle, apps.newest]);
    const again = await reviewerA.post<MessageBody>(`/api/staff/applications/${apps.oldest}/claim`);
    expect([again.status, again.body.message]).toEqual([409, REVIEW_REFUSALS.alreadyClaimed]);
  });

  it('hides the other reviews from a reviewer until their own is in; admins read them all', async () => {
    expect((await submitReview(second.client, second.id, review(5, 4, 'admit', 'Strong throughout.'))).status).toBe(201);
    const blind = await evaluation(first.client, first.id);
    expect(blind.body).toMatchObject({ mine: null, others: null, review_count: 1, claimed: true, can_review: true });
    const reader = await evaluation(staff.callers.reader, first.id);
    expect(reader.body.others).toBeNull();
    const admin = await evaluation(staff.callers.admin, first.id);
    expect(admin.body.others?.map((entry) => entry.comment)).toEqual(['Strong throughout.']);

    const mine = await submitReview(first.client, first.id, review(4, 4, 'admit', 'Good essay.'));
    expect(mine.status).toBe(201);
    expect(mine.body.mine).toMatchObject({
      comment: 'Good essay.',
      ratings: { academics: 4, essay: 4 },
      staff_email: 'ada@college.example',
    });
    expect(mine.body.others?.map((entry) => [entry.staff_email, entry.comment])).toEqual([['ben@college.example', 'Strong throughout.']]);
    expect(mine.body).toMatchObject({ review_count: 2, flagged: false, claimed: false, can_review: false });
  });

  it('never takes a second review from the same reviewer, nor assigns one', async () => {
    const twice = await submitReview(first.client, first.id, review(1, 1, 'deny'));
    expect([twice.status, twice.body.message]).toEqual([409, REVIEW_REFUSALS.alreadyReviewed]);
    const claim = await first.client.post<MessageBody>(`/api/staff/applications/${first.id}/claim`);
    expect([claim.status, claim.body.message]).toEqual([409, REVIEW_REFUSALS.alreadyReviewed]);
    const assigned = await staff.callers.admin.post<MessageBody>(`/api/staff/applications/${first.id}/assignments`, {
      staff_id: reviewerBId,
    });
    expect([assigned.status, assigned.body.message]).toEqual([409, REVIEW_REFUSALS.assigneeAlreadyHolds]);
    const toReader = await staff.callers.admin.post<MessageBody>(`/api/staff/applications/${apps.middle}/assignments`, {
      staff_id: staff.ids.reader,
    });
    expect([toReader.status, toReader.body.message]).toEqual([409, REVIEW_REFUSALS.assigneeCannotReview]);
    // The application has both its reads: the queue no longer offers it to anyone.
    const queue = await reviewerB.get<ReviewQueue>('/api/staff/review-queue');
    expect(queue.body.waiting.map((item) => item.id)).not.toContain(first.id);
  });

  it('lets an admin assign a review, which the reviewer then finds in their queue', async () => {
    const assigned = await staff.callers.admin.post<ApplicationEvaluation>(`/api/staff/applications/${apps.middle}/assignments`, {
      staff_id: reviewerBId,
    });
    expect(assigned.status).toBe(201);
    expect(assigned.body.reviewers).toEqual([{ staff_id: reviewerBId, staff_email: 'ben@college.example', reviewed: false }]);
    const queue = await reviewerB.get<ReviewQueue>('/api/staff/review-queue');
    expect(queue.body.mine.map((item) => item.id)).toEqual([apps.middle]);
  });
});

describe('disagreements', () => {
  it('flags an application whose reviews recommend different things', async () => {
    expect((await submitReview(reviewerB, apps.middle, review(4, 4, 'admit'))).status).toBe(201);
    const split = await submitReview(reviewerA, apps.middle, review(4, 4, 'waitlist'));
    expect(split.body).toMatchObject({ review_count: 2, flagged: true });
  });

  it('flags ratings further apart than the college allows, and not those within it', async () => {
    expect((await submitReview(reviewerA, apps.newest, review(5, 3, 'admit'))).body.flagged).toBe(false);
    // The demo college allows ratings 1 apart: 5 and 3 on academics are 2 apart.
    const apart = await submitReview(reviewerB, apps.newest, review(3, 3, 'admit'));
    expect(apart.body).toMatchObject({ review_count: 2, flagged: true });
    const calm = await evaluation(staff.callers.admin, apps.oldest);
    expect(calm.body.flagged).toBe(false);
  });
});

describe('notes', () => {
  it('lets any staff member add a dated note that shows who wrote it, in order', async () => {
    server.clock.advance(60_000);
    const noted = await staff.callers.reader.post<ApplicationEvaluation>(`/api/staff/applications/${apps.oldest}/notes`, {
      text: '  Called the counselor: transcript on its way.  ',
    });
    expect(noted.status).toBe(201);
    const followed = await reviewerA.post<ApplicationEvaluation>(`/api/staff/applications/${apps.oldest}/notes`, {
      text: 'Follows my review: the essay score stands.',
    });
    expect(followed.body.notes.map((note) => [note.staff_email, note.text])).toEqual([
      ['reader@college.example', 'Called the counselor: transcript on its way.'],
      ['ada@college.example', 'Follows my review: the essay score stands.'],
    ]);
    expect(new Date(followed.body.notes[0]!.created_at).getTime()).toBe(server.clock.now());
    const empty = await reviewerA.post<MessageBody>(`/api/staff/applications/${apps.oldest}/notes`, { text: ' ' });
    expect([empty.status, empty.body.message]).toEqual([400, 'Write the note.']);
  });

  it('never lets a stored note or review be edited, even by a statement of our own', () => {
    expect(() => server.db.prepare("UPDATE notes SET text = 'changed'").run()).toThrow('a note is never edited');
    expect(() => server.db.prepare("UPDATE reviews SET comment = 'changed'").run()).toThrow('a review is never edited');
  });
});

describe('the access log', () => {
  it('records each claim, assignment, review, note and queue read with who did it', () => {
    const rows = server.db
      .prepare(
        `SELECT s.email, l.kind, l.user_id FROM access_log l JOIN staff s ON s.id = l.staff_id
         WHERE l.kind IN ('review_claimed', 'review_assigned', 'review_submitted', 'note_added') ORDER BY l.id`,
      )
      .all() as { email: string; kind: string; user_id: number }[];
    const lines = rows.map((row) => `${row.email} ${row.kind} ${row.user_id}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        `ada@college.example review_claimed ${apps.oldest}`,
        `ben@college.example review_submitted ${apps.oldest}`,
        `admin@college.example review_assigned ${apps.middle}`,
        `reader@college.example note_added ${apps.oldest}`,
      ]),
    );
    const reads = (kind: string) => (server.db.prepare('SELECT COUNT(*) AS n FROM access_log WHERE kind = ?').get(kind) as { n: number }).n;
    expect(reads('queue_viewed')).toBeGreaterThanOrEqual(4);
    // Each read of an application's reviews and notes, its own kind beside the application's views.
    expect(reads('evaluation_viewed')).toBe(6);
  });
});
