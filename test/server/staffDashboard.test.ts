import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAccessLog } from '../../db/accessLog';
import { MIGRATIONS, runMigrations } from '../../db/migrations';
import { dailyCounts } from '../../db/staffDashboard';
import type { StaffDashboard } from '../../src/catalogue/schema/staffDashboard';
import { completeApplication } from '../fixtures/completeApplication';
import { signInStaff, signedInStaff, type SignedInStaff } from './helpers/staff';
import { GOOD_PASSWORD, signUpAndLogIn, startTestServer, type TestClient, type TestServer } from './helpers/testServer';

const DAY_MS = 86_400_000;
/** The first account is created on this day; each seeded applicant comes on a known day after it. */
const FIRST_DAY = Date.parse('2026-03-02T10:00:00Z');
const dayAfter = (days: number) => new Date(FIRST_DAY + days * DAY_MS).toISOString().slice(0, 10);

let server: TestServer;
let staff: SignedInStaff;
let callers: SignedInStaff['callers'];

const dashboard = (caller = callers.reader) => caller.get<StaffDashboard>('/api/staff/dashboard');

/** An applicant who goes through all three steps and submits, on the clock's day. */
async function submitter(email: string, first_name: string) {
  const client = await signUpAndLogIn(server, email);
  for (const last_page of ['/about', '/education', '/final-steps']) {
    expect((await client.put('/api/last-page', { last_page })).status).toBe(200);
  }
  expect((await client.put('/api/answer', { ...completeApplication, first_name, last_name: 'Day' })).status).toBe(200);
  expect((await client.post('/api/submit', {})).status).toBe(200);
}

/**
 * Day 0, 1 and 2: one applicant a day submits (15, 14 and 13 days before the day the dashboard is
 * read). Day 3: one applicant reaches Your Academics, one is told of missing information, one has
 * only an account, one signs up without confirming. Day 5: the first opens About You again. The
 * dashboard is read on day 15.
 */
async function seedApplicants(): Promise<TestClient> {
  server.clock.set(FIRST_DAY);
  await submitter('fifteen@example.org', 'Fifteen');
  server.clock.advance(DAY_MS);
  await submitter('fourteen@example.org', 'Fourteen');
  server.clock.advance(DAY_MS);
  await submitter('thirteen@example.org', 'Thirteen');
  server.clock.advance(DAY_MS);
  const minh = await signUpAndLogIn(server, 'minh@example.org');
  expect((await minh.put('/api/last-page', { last_page: '/about' })).status).toBe(200);
  expect((await minh.put('/api/answer', { first_name: 'Minh' })).status).toBe(200);
  expect((await minh.put('/api/last-page', { last_page: '/education' })).status).toBe(200);
  const ana = await signUpAndLogIn(server, 'ana@example.org');
  expect((await ana.put('/api/answer', { first_name: 'Ana' })).status).toBe(200);
  expect((await ana.post('/api/web-status', { web_status: 'started' })).status).toBe(200);
  expect((await ana.post('/api/web-status', { web_status: 'validating' })).status).toBe(200);
  const onlyAccount = await signUpAndLogIn(server, 'only.account@example.org');
  expect((await server.client().post('/public/signup', { username: 'unconfirmed@example.org', password: GOOD_PASSWORD })).status).toBe(200);
  // Opening a step again on a later day counts it on the first day only.
  server.clock.advance(2 * DAY_MS);
  const minhAgain = server.client();
  expect((await minhAgain.post('/public/login', { username: 'minh@example.org', password: GOOD_PASSWORD })).status).toBe(200);
  expect((await minhAgain.put('/api/last-page', { last_page: '/about' })).status).toBe(200);
  server.clock.set(FIRST_DAY + 15 * DAY_MS);
  return onlyAccount;
}

beforeAll(async () => {
  server = await startTestServer();
  const applicant = await seedApplicants();
  staff = await signedInStaff(server, { applicant });
  callers = staff.callers;
}, 90_000);
afterAll(async () => {
  await server.stop();
});

describe('who may read the dashboard', () => {
  it('answers readers and admins; no session, an applicant session and a deactivated account get 401', async () => {
    const statuses: Record<string, number> = {};
    for (const [name, caller] of Object.entries(callers)) statuses[name] = (await dashboard(caller)).status;
    expect(statuses).toEqual({ admin: 200, reader: 200, nobody: 401, applicant: 401, deactivated: 401 });
  });
});

describe('the counts per day', () => {
  const evaluated = { reviewed: 0, decided: 0, released: 0 };
  const zero = { accounts: 0, started: 0, about: 0, education: 0, 'final-steps': 0, missing_information: 0, submitted: 0, ...evaluated };
  const submittedThatDay = {
    accounts: 1,
    started: 1,
    about: 1,
    education: 1,
    'final-steps': 1,
    missing_information: 0,
    submitted: 1,
    ...evaluated,
  };

  it('counts each day from the day the first account was created to today, and says where the days start', async () => {
    const { status, body } = await dashboard();
    expect(status).toBe(200);
    expect(body).toMatchObject({ opened_on: dayAfter(0), opened_by: 'first_account', today: dayAfter(15) });
    expect(body.days.map((entry) => entry.day)).toEqual(Array.from({ length: 16 }, (_, index) => dayAfter(index)));
  });

  it('counts confirmed accounts, first saved answers, steps first reached, missing information and submissions on their days', async () => {
    const { body } = await dashboard();
    const counts = Object.fromEntries(body.days.map((entry) => [entry.day, entry.counts]));
    expect(counts[dayAfter(0)]).toEqual(submittedThatDay);
    expect(counts[dayAfter(1)]).toEqual(submittedThatDay);
    expect(counts[dayAfter(2)]).toEqual(submittedThatDay);
    // Minh, Ana and the account without answers; the unconfirmed sign-up is no account.
    expect(counts[dayAfter(3)]).toEqual({ ...zero, accounts: 3, started: 2, about: 1, education: 1, missing_information: 1 });
    for (let index = 4; index <= 15; index++) expect(counts[dayAfter(index)]).toEqual(zero);
    expect(body.totals).toEqual({
      accounts: 6,
      started: 5,
      about: 4,
      education: 4,
      'final-steps': 3,
      missing_information: 1,
      submitted: 3,
      ...evaluated,
    });
  });
});

describe('the applications submitted more than 14 days ago', () => {
  it('lists the one submitted 15 days ago, not those of 14 and 13 days ago', async () => {
    const { body } = await dashboard();
    expect(body.waiting).toMatchObject({ submitted_before: dayAfter(1), total: 1 });
    expect(body.waiting.applications).toHaveLength(1);
    const [waiting] = body.waiting.applications;
    expect(waiting).toMatchObject({
      name: 'Fifteen Day',
      email: 'fifteen@example.org',
      submitted_at: new Date(FIRST_DAY).toISOString(),
      days_since: 15,
    });
    expect(waiting!.reference).toMatch(/^ADM-2026-\d{5}-\d$/);
    expect(waiting!.id).toBeGreaterThan(0);
  });

  it('lists them oldest first when a day later two are waiting', async () => {
    server.clock.advance(DAY_MS);
    try {
      const { body } = await dashboard(await signInStaff(server, staff.members.reader));
      expect(body.waiting.applications.map((row) => [row.email, row.days_since])).toEqual([
        ['fifteen@example.org', 16],
        ['fourteen@example.org', 15],
      ]);
      expect(body.waiting.total).toBe(2);
    } finally {
      server.clock.advance(-DAY_MS);
    }
  });
});

describe('the access log', () => {
  it('writes each view of the dashboard as a list: who, from where, how many applications it named, and that it was the dashboard', async () => {
    const before = queryAccessLog(server.db, { staffId: staff.ids.reader }).length;
    await dashboard(callers.reader);
    const entries = queryAccessLog(server.db, { staffId: staff.ids.reader });
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({ kind: 'list_searched', staff_email: 'reader@college.example', item_count: 1, client: '127.0.0.1' });
    expect(JSON.parse(entries[0]!.filter!)).toEqual({ view: 'dashboard', status: 'submitted', submitted_before: dayAfter(1) });
  });

  it('writes nothing for a refused call', async () => {
    const before = queryAccessLog(server.db, { limit: 1000 }).length;
    expect((await dashboard(callers.applicant)).status).toBe(401);
    expect(queryAccessLog(server.db, { limit: 1000 })).toHaveLength(before);
  });
});

describe('applications saved before the dashboard existed', () => {
  it('are counted by the migration that adds the days: started on their first recorded web status, their step on their last change', () => {
    const db = new Database(':memory:');
    const dashboardMigration = MIGRATIONS.findIndex((sql) => sql.includes('steps_reached'));
    db.function('search_name_of', (_answers: unknown) => '');
    for (const sql of MIGRATIONS.slice(0, dashboardMigration)) db.exec(sql);
    db.pragma(`user_version = ${dashboardMigration}`);
    const day = (index: number) => FIRST_DAY + index * DAY_MS;
    const user = db.prepare('INSERT INTO users (id, username, password_hash, confirmed_at, created_at) VALUES (?, ?, ?, ?, ?)');
    user.run(1, 'old@example.org', 'x', day(0), day(0));
    user.run(2, 'account@example.org', 'x', day(1), day(1));
    db.prepare('INSERT INTO applications (user_id, answers, version, last_page, updated_at) VALUES (?, ?, ?, ?, ?)').run(
      1,
      '{"first_name":"Old"}',
      3,
      '/education',
      day(4),
    );
    db.prepare('INSERT INTO applications (user_id, updated_at) VALUES (?, ?)').run(2, day(1));
    db.prepare("INSERT INTO web_status_events (user_id, web_status, created_at) VALUES (1, 'started', ?)").run(day(2));
    runMigrations(db);
    expect(dailyCounts(db).sort((a, b) => `${a.measure}${a.day}`.localeCompare(`${b.measure}${b.day}`))).toEqual([
      { measure: '/education', day: dayAfter(4), count: 1 },
      { measure: 'accounts', day: dayAfter(0), count: 1 },
      { measure: 'accounts', day: dayAfter(1), count: 1 },
      { measure: 'started', day: dayAfter(2), count: 1 },
    ]);
    db.close();
  });
});
