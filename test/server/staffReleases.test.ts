import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_REFUSALS } from '../../server/application/releaseService';
import { STAFF_ACCESS_MESSAGES } from '../../server/http/staffSession';
import { letterText, type Letter } from '../../src/catalogue/letters';
import type { ApplicationEvaluation, Rehearsal, ReleaseSummary } from '../../src/catalogue/schema/staffReviews';
import { review, submittedApplicant } from './helpers/decisions';
import { pdfText } from './helpers/pdfText';
import { invitedAndSignedIn, signInStaff, signedInStaff, type SignedInStaff } from './helpers/staff';
import { startTestServer, type MessageBody, type TestClient, type TestServer } from './helpers/testServer';

/** How far ahead releases are scheduled: within the sessions' idle time, which the clock's jumps must not pass. */
const AHEAD_MS = 5 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const SCRIPT_NAME = '<script>alert(1)</script>';

let server: TestServer;
let staff: SignedInStaff;
let admin: TestClient;
let secondAdmin: TestClient;
let reviewer: TestClient;
let otherReviewer: TestClient;
type Name = 'ana' | 'ben' | 'cy' | 'dee' | 'eve' | 'fay' | 'hal';
const people = {} as Record<Name, { client: TestClient; id: number }>;
let unsubmittedId: number;

interface ProfileBody {
  decision: { released_at: number; letter: Letter } | null;
}

const decide = (id: number, code: string, by = admin) =>
  by.post<ApplicationEvaluation & MessageBody>(`/api/staff/applications/${id}/decisions`, { code });
const selection = (...names: Name[]) => ({ kind: 'selection', application_ids: names.map((name) => people[name].id) });
const at = (offsetMs: number) => new Date(server.clock.now() + offsetMs).toISOString();
const updateMails = (email: string) =>
  server.db.prepare("SELECT subject, text FROM outbox WHERE to_address = ? AND subject LIKE 'An update is waiting%'").all(email) as {
    subject: string;
    text: string;
  }[];

/** Waits (in real time: the release job ticks each second) until a release reaches a state. */
async function releaseReaches(id: number, state: ReleaseSummary['state']): Promise<ReleaseSummary> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const release = await admin.get<ReleaseSummary>(`/api/staff/releases/${id}`);
    if (release.body.state === state) return release.body;
    if (Date.now() > deadline) throw new Error(`release ${id} is ${release.body.state}, not ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  // The demo college, but its deferral letter names the preferred name, which not every applicant gives.
  const demo = JSON.parse(readFileSync('src/college/demo-college.json', 'utf8')) as { decisions: { code: string; letter: string }[] };
  demo.decisions.find((decision) => decision.code === 'defer')!.letter = 'Dear {{preferred_name}},\n\nWe have deferred our decision.';
  const configFile = join(mkdtempSync(join(tmpdir(), 'admissions-college-')), 'college.json');
  writeFileSync(configFile, JSON.stringify(demo));
  server = await startTestServer({ COLLEGE_CONFIG: configFile });
  staff = await signedInStaff(server);
  admin = staff.callers.admin;
  secondAdmin = (await invitedAndSignedIn(server, admin, 'second.admin@college.example', 'admin')).client;
  reviewer = (await invitedAndSignedIn(server, admin, 'ada@college.example', 'reviewer')).client;
  otherReviewer = (await invitedAndSignedIn(server, admin, 'ben@college.example', 'reviewer')).client;
  const names: Record<Name, string> = { ana: 'Ana', ben: 'Ben', cy: 'Cy', dee: 'Dee', eve: 'Eve', fay: 'Fay', hal: SCRIPT_NAME };
  for (const [key, firstName] of Object.entries(names) as [Name, string][]) {
    people[key] = await submittedApplicant(server, admin, `${key}@example.org`, { first_name: firstName, preferred_name: '' });
  }
  const unsubmitted = await staff.callers.applicant.put('/api/answer', { first_name: 'Gus' });
  expect(unsubmitted.status).toBe(200);
  unsubmittedId = (await admin.get<{ applications: { id: number }[] }>('/api/staff/applications?q=applicant%40example.org')).body
    .applications[0]!.id;
  // Fay's two reviews disagree: she is flagged for committee.
  expect((await reviewer.post(`/api/staff/applications/${people.fay.id}/reviews`, review(5, 5, 'admit'))).status).toBe(201);
  expect((await otherReviewer.post(`/api/staff/applications/${people.fay.id}/reviews`, review(2, 2, 'deny'))).status).toBe(201);
  for (const name of ['ana', 'ben', 'hal', 'fay'] as const) expect((await decide(people[name].id, 'admit')).status).toBe(201);
  expect((await decide(people.dee.id, 'defer')).status).toBe(201);
}, 180_000);

afterAll(async () => {
  await server.stop();
});

describe('decisions', () => {
  it('keeps an earlier decision in the history when it is changed before release', async () => {
    expect((await decide(people.cy.id, 'waitlist')).status).toBe(201);
    server.clock.advance(60_000);
    const changed = await decide(people.cy.id, 'deny');
    expect(changed.body.decision).toMatchObject({ code: 'deny', label: 'Deny', staff_email: 'admin@college.example' });
    expect(changed.body.decision_history.map((entry) => entry.code)).toEqual(['waitlist']);
    const unknown = await decide(people.cy.id, 'maybe');
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Choose a decision: admit, waitlist, deny, defer.']);
    const byReviewer = await decide(people.cy.id, 'admit', reviewer);
    expect([byReviewer.status, byReviewer.body.message]).toEqual([403, STAFF_ACCESS_MESSAGES.adminOnly]);
  });
});

describe('staff-only settings and history', () => {
  it('keeps the review form and the letters out of the configuration every page reads', async () => {
    const college = await staff.callers.nobody.get<Record<string, unknown>>('/public/college');
    expect(college.status).toBe(200);
    expect(Object.keys(college.body)).not.toContain('decisions');
    expect(Object.keys(college.body)).not.toContain('review');
    expect(JSON.stringify(college.body)).not.toContain('Congratulations');
  });

  it('never lets a recorded decision be edited, even by a statement of our own', () => {
    expect(() => server.db.prepare("UPDATE decisions SET code = 'admit'").run()).toThrow('a decision is never edited');
  });
});

describe('the rehearsal', () => {
  it('counts the letters per decision next to the decisions recorded, and lists each kind of problem', async () => {
    const everyone = selection('ana', 'ben', 'cy', 'dee', 'eve', 'fay', 'hal');
    const scope = { ...everyone, application_ids: [...everyone.application_ids, unsubmittedId] };
    const rehearsal = await admin.post<Rehearsal>('/api/staff/releases/rehearsal', { scope, scheduled_at: at(AHEAD_MS) });
    expect(rehearsal.status).toBe(200);
    expect(rehearsal.body.total).toBe(8);
    expect(rehearsal.body.counts).toEqual([
      { code: 'admit', label: 'Admit', letters: 4, recorded_unreleased: 4 },
      { code: 'waitlist', label: 'Waitlist', letters: 0, recorded_unreleased: 0 },
      { code: 'deny', label: 'Deny', letters: 1, recorded_unreleased: 1 },
      { code: 'defer', label: 'Defer', letters: 0, recorded_unreleased: 1 },
    ]);
    const problems = rehearsal.body.problems.map((problem) => `${problem.application_id} ${problem.kind}`);
    expect(problems.sort()).toEqual(
      [
        `${people.dee.id} letter_fails`,
        `${people.eve.id} no_decision`,
        `${people.fay.id} flagged`,
        `${unsubmittedId} not_submitted`,
      ].sort(),
    );
    expect(rehearsal.body.problems.find((problem) => problem.kind === 'letter_fails')?.detail).toContain('{{preferred_name}}');
    const admitSample = rehearsal.body.samples.find((sample) => sample.code === 'admit')!;
    expect(letterText(admitSample.letter)).toContain('Congratulations, Ana!');
  });

  it('prepares nothing while the rehearsal finds a problem', async () => {
    const refused = await admin.post<MessageBody & { rehearsal: Rehearsal }>('/api/staff/releases', {
      scope: { kind: 'decisions', codes: ['admit', 'deny'] },
      scheduled_at: at(AHEAD_MS),
    });
    expect([refused.status, refused.body.message]).toEqual([409, RELEASE_REFUSALS.problems]);
    expect(refused.body.rehearsal.problems.map((problem) => problem.kind)).toEqual(['flagged']);
    expect((await admin.get<{ releases: unknown[] }>('/api/staff/releases')).body.releases).toEqual([]);
  });
});

describe('a release', () => {
  let releaseId: number;

  it('is refused to the admin who prepared it and to anyone but an admin, and approved by a second admin', async () => {
    const prepared = await admin.post<ReleaseSummary>('/api/staff/releases', {
      scope: selection('ana', 'ben', 'cy', 'hal'),
      scheduled_at: at(AHEAD_MS),
    });
    expect(prepared.status).toBe(201);
    expect(prepared.body).toMatchObject({ state: 'awaiting_approval', total: 4, prepared_by: 'admin@college.example' });
    expect(prepared.body.counts).toEqual([
      { code: 'admit', label: 'Admit', letters: 3 },
      { code: 'deny', label: 'Deny', letters: 1 },
    ]);
    releaseId = prepared.body.id;
    const own = await admin.post<MessageBody>(`/api/staff/releases/${releaseId}/approve`);
    expect([own.status, own.body.message]).toEqual([403, RELEASE_REFUSALS.ownRelease]);
    const byReviewer = await reviewer.post<MessageBody>(`/api/staff/releases/${releaseId}/approve`);
    expect(byReviewer.status).toBe(403);
    expect((await admin.get<ReleaseSummary>(`/api/staff/releases/${releaseId}`)).body.state).toBe('awaiting_approval');
    const approved = await secondAdmin.post<ReleaseSummary>(`/api/staff/releases/${releaseId}/approve`);
    expect(approved.body).toMatchObject({ state: 'approved', approved_by: 'second.admin@college.example' });
    const twice = await secondAdmin.post<MessageBody>(`/api/staff/releases/${releaseId}/approve`);
    expect([twice.status, twice.body.message]).toEqual([409, RELEASE_REFUSALS.notAwaiting]);
    const change = await decide(people.ana.id, 'deny');
    expect([change.status, change.body.message]).toEqual([409, RELEASE_REFUSALS.inApprovedRelease]);
  });

  it('shows applicants nothing and mails nothing before its time', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await people.ana.client.get<ProfileBody>('/api/profile')).body.decision).toBeNull();
    expect(updateMails('ana@example.org')).toEqual([]);
    expect((await people.ana.client.post<MessageBody>('/api/decision/opened')).status).toBe(404);
  });

  it('goes out at its time: one e-mail each that says nothing of the decision, and the letter in the profile', async () => {
    server.clock.advance(AHEAD_MS);
    const sent = await releaseReaches(releaseId, 'sent');
    expect(sent.sent).toBe(4);
    for (const name of ['ana', 'ben', 'cy', 'hal'] as const) {
      const mails = updateMails(`${name}@example.org`);
      expect(mails, name).toHaveLength(1);
      const words = `${mails[0]!.subject}\n${mails[0]!.text}`;
      for (const telling of ['admit', 'deny', 'waitlist', 'defer', 'congratulations', 'offer', 'unable', 'decision']) {
        expect(words.toLowerCase(), `${name}'s mail names "${telling}"`).not.toContain(telling);
      }
      expect(words).toContain('http://admissions.test/login');
    }
    const ana = await people.ana.client.get<ProfileBody>('/api/profile');
    expect(letterText(ana.body.decision!.letter)).toContain('Congratulations, Ana!');
    const cy = await people.cy.client.get<ProfileBody>('/api/profile');
    expect(letterText(cy.body.decision!.letter)).toContain('we are unable to offer you admission');
    expect((await people.eve.client.get<ProfileBody>('/api/profile')).body.decision).toBeNull();
  });

  it('keeps an applicant’s <script> name as text in the letter and its PDF', async () => {
    const hal = await people.hal.client.get<ProfileBody>('/api/profile');
    const heading = hal.body.decision!.letter.blocks[0]!;
    expect(heading).toEqual({ kind: 'heading', runs: [{ text: `Congratulations, ${SCRIPT_NAME}!` }] });
    const pdf = await fetch(`${server.url}/api/decision/letter.pdf`, {
      headers: { cookie: [...people.hal.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(`Congratulations, ${SCRIPT_NAME}!`);
  });

  it('records the first time the applicant opens the letter, and only the first', async () => {
    const firstOpened = server.clock.now();
    expect((await people.ana.client.post('/api/decision/opened')).status).toBe(200);
    server.clock.advance(60_000);
    expect((await people.ana.client.post('/api/decision/opened')).status).toBe(200);
    const seen = await admin.get<ApplicationEvaluation>(`/api/staff/applications/${people.ana.id}/evaluation`);
    expect(seen.body.released).toMatchObject({
      release_id: releaseId,
      code: 'admit',
      first_opened_at: new Date(firstOpened).toISOString(),
    });
  });

  it('cannot be recalled once sent, and its decisions can no longer change nor go out again', async () => {
    const recall = await admin.post<MessageBody>(`/api/staff/releases/${releaseId}/recall`);
    expect([recall.status, recall.body.message]).toEqual([409, RELEASE_REFUSALS.notRecallable]);
    const change = await decide(people.ana.id, 'deny');
    expect([change.status, change.body.message]).toEqual([409, RELEASE_REFUSALS.releasedAlready]);
    const again = await admin.post<Rehearsal>('/api/staff/releases/rehearsal', { scope: selection('ana'), scheduled_at: at(AHEAD_MS) });
    expect(again.body.problems.map((problem) => problem.kind)).toEqual(['released_before']);
  });
});

describe('a recalled release', () => {
  it('sends nothing, even after its time', async () => {
    expect((await decide(people.eve.id, 'admit')).status).toBe(201);
    const prepared = await secondAdmin.post<ReleaseSummary>('/api/staff/releases', { scope: selection('eve'), scheduled_at: at(AHEAD_MS) });
    expect(prepared.status).toBe(201);
    expect((await admin.post(`/api/staff/releases/${prepared.body.id}/approve`)).status).toBe(200);
    const recalled = await admin.post<ReleaseSummary>(`/api/staff/releases/${prepared.body.id}/recall`);
    expect(recalled.body).toMatchObject({ state: 'recalled', recalled_by: 'admin@college.example' });
    server.clock.advance(AHEAD_MS + 60_000);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await admin.get<ReleaseSummary>(`/api/staff/releases/${prepared.body.id}`)).body).toMatchObject({ state: 'recalled', sent: 0 });
    expect(updateMails('eve@example.org')).toEqual([]);
    expect((await people.eve.client.get<ProfileBody>('/api/profile')).body.decision).toBeNull();
  });
});

describe('the list of applications', () => {
  interface Row {
    id: number;
    reviews: number;
    flagged: boolean;
    decision: string | null;
    released: boolean;
  }
  const ids = async (query: string) =>
    (await admin.get<{ applications: Row[] }>(`/api/staff/applications?${query}`)).body.applications.map((row) => row.id).sort();
  const idsOf = (...names: Name[]) => names.map((name) => people[name].id).sort();

  it('shows each application’s reviews, flag, decision and release, and filters by them', async () => {
    const list = await admin.get<{ applications: Row[]; decision_codes: { code: string }[] }>(
      '/api/staff/applications?q=fay%40example.org',
    );
    expect(list.body.applications[0]).toMatchObject({ reviews: 2, flagged: true, decision: 'admit', released: false });
    expect(list.body.decision_codes.map((option) => option.code)).toEqual(['admit', 'waitlist', 'deny', 'defer']);
    expect(await ids('review=flagged')).toEqual(idsOf('fay'));
    expect(await ids('review=reviewed')).toEqual(idsOf('fay'));
    expect(await ids('decision=released')).toEqual(idsOf('ana', 'ben', 'cy', 'hal'));
    expect(await ids('decision=defer')).toEqual(idsOf('dee'));
    expect(await ids('decision=admit&status=submitted')).toEqual(idsOf('ana', 'ben', 'eve', 'fay', 'hal'));
    expect(await ids('decision=none')).toEqual([unsubmittedId]);
    const unreviewed = await ids('review=unreviewed&status=submitted');
    expect(unreviewed).toEqual(idsOf('ana', 'ben', 'cy', 'dee', 'eve', 'hal'));
    const refused = await admin.get<MessageBody>('/api/staff/applications?review=maybe');
    expect([refused.status, refused.body.message]).toEqual([400, 'The review filter must be unreviewed, reviewed or flagged.']);
  });

  it('sorts by reviews and by decision, and exports both columns', async () => {
    const sorted = async (query: string) =>
      (await admin.get<{ applications: Row[] }>(`/api/staff/applications?page_size=100&${query}`)).body.applications;
    const byReviews = await sorted('status=submitted&sort=reviews&order=desc');
    expect(byReviews[0]).toMatchObject({ id: people.fay.id, reviews: 2 });
    expect(byReviews.slice(1).every((row) => row.reviews === 0)).toBe(true);
    // Decided ones by code, those without a decision last, whichever the order.
    for (const order of ['asc', 'desc'] as const) {
      const codes = (await sorted(`sort=decision&order=${order}`)).map((row) => row.decision);
      const decided = codes.filter((code) => code !== null);
      expect(codes.slice(0, decided.length)).toEqual(decided);
      expect(decided).toEqual([...decided].sort((a, b) => (order === 'asc' ? a.localeCompare(b) : b.localeCompare(a))));
      // More than one code: the order says something.
      expect(new Set(decided).size).toBeGreaterThan(1);
      expect(codes.at(-1)).toBeNull();
    }
    const exported = await admin.post<unknown>('/api/staff/exports', {
      format: 'json',
      columns: ['email', 'reviews', 'decision'],
      filters: { q: 'fay@example.org' },
    });
    expect(exported.body).toEqual([{ email: 'fay@example.org', reviews: 2, decision: 'admit' }]);
  });
});

describe('the access log', () => {
  it('records every decision and every step of a release', () => {
    const kinds = server.db
      .prepare(
        `SELECT kind, COUNT(*) AS n FROM access_log WHERE kind IN ('decision_recorded', 'release_prepared', 'release_approved',
           'release_recalled', 'release_sent') GROUP BY kind ORDER BY kind`,
      )
      .all() as { kind: string; n: number }[];
    expect(Object.fromEntries(kinds.map((row) => [row.kind, row.n]))).toEqual({
      decision_recorded: 8,
      release_approved: 2,
      // Two rehearsals and a refused preparation read the letters; two releases were prepared.
      release_prepared: 5,
      release_recalled: 1,
      release_sent: 4,
    });
  });
});

describe('an approval that would send what was not rehearsed', () => {
  it('is refused after a decision changed since the preparation, or once the release time has passed', async () => {
    const prepared = await secondAdmin.post<ReleaseSummary>('/api/staff/releases', { scope: selection('eve'), scheduled_at: at(AHEAD_MS) });
    expect(prepared.status).toBe(201);
    expect((await decide(people.eve.id, 'waitlist')).status).toBe(201);
    const changed = await admin.post<MessageBody>(`/api/staff/releases/${prepared.body.id}/approve`);
    expect([changed.status, changed.body.message]).toEqual([409, RELEASE_REFUSALS.changed]);
    expect((await admin.post(`/api/staff/releases/${prepared.body.id}/recall`)).status).toBe(200);

    const again = await secondAdmin.post<ReleaseSummary>('/api/staff/releases', { scope: selection('eve'), scheduled_at: at(60_000) });
    expect(again.status).toBe(201);
    server.clock.advance(3 * 60_000);
    const late = await admin.post<MessageBody>(`/api/staff/releases/${again.body.id}/approve`);
    expect([late.status, late.body.message]).toEqual([409, RELEASE_REFUSALS.timePassed]);
    expect(updateMails('eve@example.org')).toEqual([]);
  });
});

describe('the dashboard', () => {
  interface Dashboard {
    totals: Record<string, number>;
    waiting: { total: number; past_promise: number; applications: { id: number; days_since: number }[] };
  }

  it('counts applications reviewed, decided and released, and waits only for those without a released decision', async () => {
    const now = await admin.get<Dashboard>('/api/staff/dashboard');
    expect(now.body.totals).toMatchObject({ reviewed: 1, decided: 7, released: 4 });
    expect(now.body.waiting.total).toBe(0);
    // Fifteen days on (the sessions have ended: the admin signs in again), then three weeks and a day.
    server.clock.advance(15 * 24 * HOUR);
    const later = await signInStaff(server, staff.members.admin);
    const waiting = (await later.get<Dashboard>('/api/staff/dashboard')).body.waiting;
    expect(waiting.applications.map((application) => application.id).sort()).toEqual([people.dee.id, people.eve.id, people.fay.id].sort());
    expect(waiting).toMatchObject({ total: 3, past_promise: 0 });
    server.clock.advance(7 * 24 * HOUR);
    const overdue = await signInStaff(server, staff.members.admin);
    expect((await overdue.get<Dashboard>('/api/staff/dashboard')).body.waiting).toMatchObject({ total: 3, past_promise: 3 });
  });
});
