import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/connection';
import { MIGRATIONS, runMigrations } from '../../db/migrations';
import { searchNameOf } from '../../db/searchText';
import { listApplicationsForStaff, type ApplicationListQuery } from '../../db/staffApplications';
import { completeApplication } from '../fixtures/completeApplication';
import { acceptInvitation, inviteByCommand, invitationIdOf, signInStaff } from './helpers/staff';
import {
  GOOD_PASSWORD,
  codeFromMail,
  resetLinkFromMail,
  signUpAndLogIn,
  startTestServer,
  type TestClient,
  type TestServer,
} from './helpers/testServer';

interface ListBody {
  applications: { email: string; name: string; status: string }[];
  counts: Record<string, number>;
  total: number;
}

const query = (overrides: Partial<ApplicationListQuery>): ApplicationListQuery => ({
  sort: 'email',
  descending: false,
  limit: 100,
  offset: 0,
  ...overrides,
});

describe('the status and the search the staff list reads follow every write that changes them, at once', () => {
  let server: TestServer;
  let staff: TestClient;
  const listed = async (q: string) => {
    const { body } = await staff.get<ListBody>(`/api/staff/applications?q=${encodeURIComponent(q)}&sort=email&order=asc`);
    return body.applications.map((row) => `${row.email} ${row.status}`);
  };

  beforeAll(async () => {
    server = await startTestServer();
    const { stdout } = await inviteByCommand(server, 'office@college.example', 'reader');
    staff = await signInStaff(server, await acceptInvitation(server, invitationIdOf(stdout)));
  }, 60_000);
  afterAll(async () => {
    await server.stop();
  });

  it('lists an account once it is confirmed, then started, missing information and submitted as the applicant goes', async () => {
    const applicant = server.client();
    expect((await applicant.post('/public/signup', { username: 'kept@example.org', password: GOOD_PASSWORD })).status).toBe(200);
    expect(await listed('kept@')).toEqual([]);
    const code = codeFromMail(server.lastMailTo('kept@example.org')!.text);
    expect((await applicant.post('/public/confirm', { username: 'kept@example.org', code })).status).toBe(200);
    expect(await listed('kept@')).toEqual(['kept@example.org account_only']);
    expect((await applicant.post('/public/login', { username: 'kept@example.org', password: GOOD_PASSWORD })).status).toBe(200);
    expect((await applicant.put('/api/answer', { first_name: 'Kép' })).status).toBe(200);
    expect(await listed('kept@')).toEqual(['kept@example.org started']);
    expect((await applicant.post('/api/web-status', { web_status: 'started' })).status).toBe(200);
    expect(await listed('kept@')).toEqual(['kept@example.org started']);
    expect((await applicant.post('/api/web-status', { web_status: 'validating' })).status).toBe(200);
    expect(await listed('kept@')).toEqual(['kept@example.org missing_information']);
    expect((await applicant.put('/api/answer', { ...completeApplication, first_name: 'Kép' })).status).toBe(200);
    expect((await applicant.post('/api/submit', {})).status).toBe(200);
    expect(await listed('kept@')).toEqual(['kept@example.org submitted']);
  });

  it('lists an account a password reset confirmed', async () => {
    const username = 'reset.kept@example.org';
    expect((await server.client().post('/public/signup', { username, password: GOOD_PASSWORD })).status).toBe(200);
    expect(await listed('reset.kept')).toEqual([]);
    expect((await server.client().post('/public/forgot-password', { username })).status).toBe(200);
    const id = resetLinkFromMail(server.lastMailTo(username)!.text).searchParams.get('id')!;
    const password = 'Chosen-In-Reset-55!';
    expect((await server.client().post('/public/reset-password', { username, id, password, confirm_password: password })).status).toBe(200);
    expect(await listed('reset.kept')).toEqual([`${username} account_only`]);
  });

  it('finds an applicant by the name saved last, not by the name it replaced', async () => {
    const applicant = await signUpAndLogIn(server, 'renamed@example.org');
    expect((await applicant.put('/api/answer', { first_name: 'Bartholomew' })).status).toBe(200);
    expect(await listed('tholom')).toEqual(['renamed@example.org started']);
    expect((await applicant.put('/api/answer', { first_name: 'Ignatius' })).status).toBe(200);
    expect(await listed('tholom')).toEqual([]);
    expect(await listed('gnati')).toEqual(['renamed@example.org started']);
  });
});

describe('a search that many applicants match and one that few match', () => {
  let db: Db;
  beforeAll(() => {
    db = openDatabase(':memory:');
    const user = db.prepare('INSERT INTO users (username, password_hash, confirmed_at, created_at) VALUES (?, ?, 1, 1)');
    const application = db.prepare('INSERT INTO applications (user_id, answers, version, updated_at, search_name) VALUES (?, ?, 1, ?, ?)');
    db.transaction(() => {
      // More applicants share the surname than the trigram index is asked to name one by one.
      for (let index = 0; index < 1_500; index++) {
        const answers = { first_name: index % 2 ? 'Thảo' : 'Minh', last_name: index < 3 ? 'Okafor' : 'Nguyễn' };
        const id = Number(user.run(`person.${index}@example.org`, 'x').lastInsertRowid);
        application.run(id, JSON.stringify(answers), index, searchNameOf(answers));
      }
      const id = Number(user.run('under_score%@example.org', 'x').lastInsertRowid);
      application.run(id, '{}', 0, '');
    })();
  });

  it('counts and pages both by the same rule: inside the folded name or the e-mail address', () => {
    const many = listApplicationsForStaff(db, query({ search: 'nguyen', limit: 2, sort: 'last_change', descending: true }));
    expect(many.total).toBe(1_497);
    expect(many.counts).toEqual({ account_only: 0, started: 1_497, missing_information: 0, submitted: 0 });
    expect(many.rows.map((row) => row.email)).toEqual(['person.1499@example.org', 'person.1498@example.org']);
    const few = listApplicationsForStaff(db, query({ search: 'okafor' }));
    expect(few.rows.map((row) => row.email)).toEqual(['person.0@example.org', 'person.1@example.org', 'person.2@example.org']);
    expect(few.counts.started).toBe(3);
    expect(listApplicationsForStaff(db, query({ search: 'thao okafor' })).rows.map((row) => row.email)).toEqual(['person.1@example.org']);
    expect(listApplicationsForStaff(db, query({ search: 'person.149' })).total).toBe(11);
    expect(listApplicationsForStaff(db, query({ search: 'son.1499@' })).rows.map((row) => row.email)).toEqual(['person.1499@example.org']);
  });

  it('finds two characters and fewer too, and takes % and _ as they are', () => {
    expect(listApplicationsForStaff(db, query({ search: 'ok' })).total).toBe(3);
    expect(listApplicationsForStaff(db, query({ search: 'e' })).total).toBe(1_501);
    expect(listApplicationsForStaff(db, query({ search: '_' })).rows.map((row) => row.email)).toEqual(['under_score%@example.org']);
    expect(listApplicationsForStaff(db, query({ search: 'r_s' })).rows.map((row) => row.email)).toEqual(['under_score%@example.org']);
    expect(listApplicationsForStaff(db, query({ search: 'e%@' })).rows.map((row) => row.email)).toEqual(['under_score%@example.org']);
    expect(listApplicationsForStaff(db, query({ search: 'on.1"' })).total).toBe(0);
  });
});

describe('applications saved before the status was kept', () => {
  it('get their status and are found by name and e-mail address once the migration that keeps it ran', () => {
    const keptFrom = MIGRATIONS.findIndex((sql) => sql.includes('application_search'));
    const old = new Database(':memory:');
    old.function('search_name_of', { deterministic: true }, (answers: unknown) =>
      searchNameOf(JSON.parse(String(answers)) as Record<string, unknown>),
    );
    for (const sql of MIGRATIONS.slice(0, keptFrom)) old.exec(sql);
    old.pragma(`user_version = ${keptFrom}`);
    const user = old.prepare('INSERT INTO users (id, username, password_hash, confirmed_at, created_at) VALUES (?, ?, ?, ?, 1)');
    const application = old.prepare(
      'INSERT INTO applications (user_id, answers, version, updated_at, submitted_at, search_name) VALUES (?, ?, ?, 1, ?, ?)',
    );
    const named = (first: string) => JSON.stringify({ first_name: first, last_name: 'Nguyễn' });
    for (const [id, email, confirmed, version, submitted, first] of [
      [1, 'unconfirmed@example.org', null, 0, null, ''],
      [2, 'account@example.org', 1, 0, null, ''],
      [3, 'started@example.org', 1, 2, null, 'Thảo'],
      [4, 'missing@example.org', 1, 3, null, 'Minh'],
      [5, 'submitted@example.org', 1, 4, 5, 'Zoë'],
    ] as const) {
      user.run(id, email, 'x', confirmed);
      const answers = first === '' ? '{}' : named(first);
      application.run(id, answers, version, submitted, searchNameOf(JSON.parse(answers) as Record<string, unknown>));
    }
    old.prepare("INSERT INTO web_status_events (user_id, web_status, created_at) VALUES (4, 'validating', 1)").run();
    runMigrations(old);
    const all = listApplicationsForStaff(old, query({}));
    expect(all.rows.map((row) => `${row.email} ${row.status}`)).toEqual([
      'account@example.org account_only',
      'missing@example.org missing_information',
      'started@example.org started',
      'submitted@example.org submitted',
    ]);
    expect(listApplicationsForStaff(old, query({ search: 'nguyen' })).rows.map((row) => row.email)).toEqual([
      'missing@example.org',
      'started@example.org',
      'submitted@example.org',
    ]);
    expect(listApplicationsForStaff(old, query({ search: 'submitted@' })).total).toBe(1);
    old.close();
  });
});
