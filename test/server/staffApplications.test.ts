import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAccessLog } from '../../db/accessLog';
import { MIGRATIONS, runMigrations } from '../../db/migrations';
import { listApplicationsForStaff } from '../../db/staffApplications';
import { completeApplication } from '../fixtures/completeApplication';
import { signedInStaff, type SignedInStaff } from './helpers/staff';
import { signUpAndLogIn, startTestServer, type TestClient, type TestServer } from './helpers/testServer';

interface ListBody {
  applications: {
    id: number;
    name: string;
    email: string;
    reference: string | null;
    status: string;
    step: string | null;
    submitted_at: string | null;
  }[];
  counts: Record<'account_only' | 'started' | 'missing_information' | 'submitted', number>;
  total: number;
}

const DAY_MS = 86_400_000;
let server: TestServer;
let callers: SignedInStaff['callers'];
let readerId: number;
let thao: { reference: string; submittedDay: string };
let zoeDay: string;

const list = (query = '', caller = callers.reader) => caller.get<ListBody>(`/api/staff/applications${query}`);
const emails = (body: ListBody) => body.applications.map((row) => row.email);

/** Applicants at each status, two of them submitted three days apart. */
async function seedApplicants(): Promise<TestClient> {
  const thaoClient = await signUpAndLogIn(server, 'thao@example.org');
  expect((await thaoClient.put('/api/answer', { ...completeApplication, first_name: 'Thảo', last_name: 'Nguyễn' })).status).toBe(200);
  const submitted = await thaoClient.post<{ reference: string }>('/api/submit', {});
  expect(submitted.status).toBe(200);
  thao = { reference: submitted.body.reference, submittedDay: new Date(server.clock.now()).toISOString().slice(0, 10) };
  server.clock.advance(3 * DAY_MS);
  const zoe = await signUpAndLogIn(server, 'zoe@example.org');
  expect((await zoe.put('/api/answer', { ...completeApplication, first_name: 'Zoë', last_name: 'Adams' })).status).toBe(200);
  expect((await zoe.post('/api/submit', {})).status).toBe(200);
  zoeDay = new Date(server.clock.now()).toISOString().slice(0, 10);
  const minh = await signUpAndLogIn(server, 'minh@example.org');
  expect((await minh.put('/api/answer', { first_name: 'Minh', last_name: 'Nguyen' })).status).toBe(200);
  expect((await minh.put('/api/last-page', { last_page: '/education' })).status).toBe(200);
  const ana = await signUpAndLogIn(server, 'ana@example.org');
  expect((await ana.put('/api/answer', { first_name: 'Ana', last_name: 'Lima' })).status).toBe(200);
  expect((await ana.post('/api/web-status', { web_status: 'started' })).status).toBe(200);
  expect((await ana.post('/api/web-status', { web_status: 'validating' })).status).toBe(200);
  return signUpAndLogIn(server, 'only.account@example.org');
}

beforeAll(async () => {
  server = await startTestServer();
  // First: seeding moves the clock by days, past a staff session's 8 hours.
  const applicant = await seedApplicants();
  const staff = await signedInStaff(server, { applicant });
  callers = staff.callers;
  readerId = staff.ids.reader;
}, 90_000);
afterAll(async () => {
  await server.stop();
});

describe('who may list applications', () => {
  it('answers readers and admins; no session, an applicant session and a deactivated account get 401', async () => {
    const statuses: Record<string, number> = {};
    for (const [name, caller] of Object.entries(callers)) statuses[name] = (await list('', caller)).status;
    expect(statuses).toEqual({ admin: 200, reader: 200, nobody: 401, applicant: 401, deactivated: 401 });
  });
});

describe('the application list', () => {
  it('shows one row per applicant account with its status, step, reference and submission time, and the counts per status', async () => {
    const { body } = await list('?sort=email&order=asc');
    expect(body.counts).toEqual({ account_only: 1, started: 1, missing_information: 1, submitted: 2 });
    expect(body.total).toBe(5);
    const byEmail = Object.fromEntries(body.applications.map((row) => [row.email, row]));
    expect(emails(body)).toEqual([
      'ana@example.org',
      'minh@example.org',
      'only.account@example.org',
      'thao@example.org',
      'zoe@example.org',
    ]);
    expect(byEmail['thao@example.org']).toMatchObject({ name: 'Thảo Nguyễn', status: 'submitted', reference: thao.reference });
    expect(byEmail['thao@example.org']!.submitted_at!.slice(0, 10)).toBe(thao.submittedDay);
    expect(byEmail['minh@example.org']).toMatchObject({ name: 'Minh Nguyen', status: 'started', step: 'Your Academics', reference: null });
    expect(byEmail['ana@example.org']).toMatchObject({ status: 'missing_information', submitted_at: null });
    expect(byEmail['only.account@example.org']).toMatchObject({ name: '', status: 'account_only' });
  });

  it('finds a name whatever its diacritics, both ways, and by e-mail and by reference number', async () => {
    expect(emails((await list('?q=Nguyen&sort=email&order=asc')).body)).toEqual(['minh@example.org', 'thao@example.org']);
    expect(emails((await list(`?q=${encodeURIComponent('nguyễn')}&sort=email&order=asc`)).body)).toEqual([
      'minh@example.org',
      'thao@example.org',
    ]);
    expect(emails((await list('?q=zoe')).body)).toEqual(['zoe@example.org']);
    expect(emails((await list('?q=ANA%40example')).body)).toEqual(['ana@example.org']);
    expect(emails((await list(`?q=${thao.reference.toLowerCase()}`)).body)).toEqual(['thao@example.org']);
    // One digit wrong: the check digit refuses it, nothing is found.
    const wrong = thao.reference.replace(/-(\d)$/, (_, digit: string) => `-${(Number(digit) + 1) % 10}`);
    expect((await list(`?q=${wrong}`)).body.total).toBe(0);
  });

  it('gives the counts per status of the search, and filters by status and by the days of submission', async () => {
    expect((await list('?q=nguyen')).body.counts).toEqual({ account_only: 0, started: 1, missing_information: 0, submitted: 1 });
    expect(emails((await list('?status=missing_information')).body)).toEqual(['ana@example.org']);
    expect(emails((await list('?status=submitted&sort=submitted_at&order=asc')).body)).toEqual(['thao@example.org', 'zoe@example.org']);
    expect(emails((await list(`?submitted_from=${zoeDay}`)).body)).toEqual(['zoe@example.org']);
    expect(emails((await list(`?submitted_to=${thao.submittedDay}`)).body)).toEqual(['thao@example.org']);
    const both = await list(`?submitted_from=${thao.submittedDay}&submitted_to=${zoeDay}&status=submitted`);
    expect(both.body.total).toBe(2);
    expect(both.body.counts).toEqual({ account_only: 0, started: 0, missing_information: 0, submitted: 2 });
  });

  it('sorts by each column both ways', async () => {
    const names = async (query: string) => (await list(query)).body.applications.map((row) => row.name);
    expect(await names('?sort=name&order=asc')).toEqual(['', 'Ana Lima', 'Minh Nguyen', 'Thảo Nguyễn', 'Zoë Adams']);
    expect(await names('?sort=name&order=desc')).toEqual(['Zoë Adams', 'Thảo Nguyễn', 'Minh Nguyen', 'Ana Lima', '']);
    expect(emails((await list('?sort=email&order=desc')).body)[0]).toBe('zoe@example.org');
    expect(emails((await list('?sort=last_change&order=desc')).body)[0]).toBe('only.account@example.org');
    expect(emails((await list('?sort=last_change&order=asc')).body)[0]).toBe('thao@example.org');
    const statuses = async (order: string) => (await list(`?sort=status&order=${order}`)).body.applications.map((row) => row.status);
    expect(await statuses('asc')).toEqual(['account_only', 'missing_information', 'started', 'submitted', 'submitted']);
    expect(await statuses('desc')).toEqual(['submitted', 'submitted', 'started', 'missing_information', 'account_only']);
    // Unsubmitted applications come after the submitted ones, whichever way the time sorts.
    expect(emails((await list('?sort=submitted_at&order=desc')).body).slice(0, 2)).toEqual(['zoe@example.org', 'thao@example.org']);
    expect(emails((await list('?sort=reference&order=asc')).body).slice(0, 2)).toEqual(['thao@example.org', 'zoe@example.org']);
    expect(emails((await list('?sort=step&order=desc')).body)[0]).toBe('minh@example.org');
  });

  it('pages the rows, at most 100 a page', async () => {
    const first = await list('?sort=email&order=asc&page_size=2');
    const third = await list('?sort=email&order=asc&page_size=2&page=3');
    expect(emails(first.body)).toEqual(['ana@example.org', 'minh@example.org']);
    expect(emails(third.body)).toEqual(['zoe@example.org']);
    expect(third.body.total).toBe(5);
    expect((await list('?page_size=101')).status).toBe(400);
    expect((await list('?sort=password_hash')).status).toBe(400);
  });

  it('writes every list call to the access log with its filter and how many it found', async () => {
    await list('?q=Nguyen&status=submitted', callers.reader);
    const [entry] = queryAccessLog(server.db, { staffId: readerId, kind: 'list_searched', limit: 1 });
    expect(entry).toMatchObject({ staff_email: 'reader@college.example', item_count: 1, client: '127.0.0.1' });
    expect(JSON.parse(entry!.filter!)).toEqual({ status: 'submitted', submitted_from: null, submitted_to: null, q: 'Nguyen' });
  });
});

describe('the folded name of applications saved before the staff list existed', () => {
  it('is written by the migration that adds it, so their applicants are found too', () => {
    const db = new Database(':memory:');
    const listMigration = MIGRATIONS.findIndex((sql) => sql.includes('search_name'));
    for (const sql of MIGRATIONS.slice(0, listMigration)) db.exec(sql);
    db.pragma(`user_version = ${listMigration}`);
    db.prepare("INSERT INTO users (id, username, password_hash, confirmed_at, created_at) VALUES (1, 'old@example.org', 'x', 1, 1)").run();
    db.prepare(`INSERT INTO applications (user_id, answers, version, updated_at) VALUES (1, ?, 1, 1)`).run(
      JSON.stringify({ first_name: 'Thảo', last_name: 'Nguyễn' }),
    );
    runMigrations(db);
    const found = listApplicationsForStaff(db, { search: 'nguyen', sort: 'name', descending: false, limit: 10, offset: 0 });
    expect(found.rows.map((row) => row.email)).toEqual(['old@example.org']);
    db.close();
  });
});
