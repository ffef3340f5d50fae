import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByUsername } from '../../db/users';
import type { AccessLogPage } from '../../src/catalogue/schema/staffAccessLog';
import { signedInStaff, statusesOf, type SignedInStaff } from './helpers/staff';
import { signUpAndLogIn, startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
let staff: SignedInStaff;
let ana: number;
let bea: number;

const log = async (query = '') => {
  const response = await staff.callers.admin.get<AccessLogPage>(`/api/staff/access-log${query}`);
  expect(response.status, query).toBe(200);
  return response.body;
};

beforeAll(async () => {
  server = await startTestServer();
  await signUpAndLogIn(server, 'ana@example.org');
  await signUpAndLogIn(server, 'bea@example.org');
  ana = findUserByUsername(server.db, 'ana@example.org')!.id;
  bea = findUserByUsername(server.db, 'bea@example.org')!.id;
  staff = await signedInStaff(server, {
    beforeDeactivation: async (gone) => {
      expect((await gone.get(`/api/staff/applications/${ana}`)).status).toBe(200);
    },
  });
  const { reader, admin } = staff.callers;
  expect((await reader.get(`/api/staff/applications/${ana}`)).status).toBe(200);
  expect((await reader.get('/api/staff/applications?q=bea&status=account_only')).status).toBe(200);
  expect((await admin.get(`/api/staff/applications/${bea}`)).status).toBe(200);
  expect((await reader.post(`/api/staff/applications/${bea}/share-link`)).status).toBe(201);
}, 60_000);
afterAll(async () => {
  await server.stop();
});

describe('who may read the access log', () => {
  it('answers admins only: a reader gets 403; no session, an applicant session and a deactivated account get 401', async () => {
    expect(await statusesOf(staff.callers, 'GET', '/api/staff/access-log')).toEqual({
      admin: 200,
      reader: 403,
      nobody: 401,
      applicant: 401,
      deactivated: 401,
    });
  });
});

describe('the access log as admins read it', () => {
  it('lists every entry newest first, with who, when, from where and which application', async () => {
    const { entries, total } = await log();
    expect(total).toBe(entries.length);
    expect(entries.map((entry) => entry.id)).toEqual([...entries.map((entry) => entry.id)].sort((a, b) => b - a));
    expect(entries[0]).toMatchObject({
      kind: 'link_shared',
      staff_email: 'reader@college.example',
      staff_id: staff.ids.reader,
      client: '127.0.0.1',
      application_id: bea,
      applicant_email: 'bea@example.org',
    });
    expect(new Date(entries[0]!.created_at).toISOString()).toBe(entries[0]!.created_at);
    const search = entries.find((entry) => entry.kind === 'list_searched')!;
    expect(search).toMatchObject({ count: 1, application_id: null, applicant_email: null });
    expect(search.filter).toEqual({ status: 'account_only', submitted_from: null, submitted_to: null, q: 'bea' });
  });

  it('still names a deactivated staff member in what they did', async () => {
    const { entries } = await log(`?staff_id=${staff.ids.deactivated}`);
    expect(entries.map((entry) => [entry.kind, entry.staff_email])).toContainEqual(['application_viewed', 'gone@college.example']);
  });

  it('narrows to one person, one applicant and one kind, and to all three at once', async () => {
    const all = (await log()).total;
    const byReader = await log(`?staff_id=${staff.ids.reader}`);
    expect(byReader.total).toBeLessThan(all);
    expect(byReader.entries.every((entry) => entry.staff_id === staff.ids.reader)).toBe(true);
    expect(byReader.entries.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['sign_in', 'application_viewed', 'list_searched']));

    const byAna = await log(`?application_id=${ana}`);
    expect(byAna.entries.map((entry) => [entry.kind, entry.staff_email, entry.applicant_email])).toEqual([
      ['application_viewed', 'reader@college.example', 'ana@example.org'],
      ['application_viewed', 'gone@college.example', 'ana@example.org'],
    ]);

    const views = await log('?kind=application_viewed');
    expect(views.entries.map((entry) => entry.applicant_email)).toEqual(['bea@example.org', 'ana@example.org', 'ana@example.org']);

    const readerOnBea = await log(`?staff_id=${staff.ids.reader}&application_id=${bea}&kind=link_shared`);
    expect(readerOnBea.total).toBe(1);
    expect(readerOnBea.entries[0]).toMatchObject({ kind: 'link_shared', applicant_email: 'bea@example.org' });
    expect((await log(`?staff_id=${staff.ids.admin}&kind=link_shared`)).total).toBe(0);
  });

  it('pages the entries, at most 100 a page, and refuses a filter it does not know', async () => {
    const all = await log();
    const first = await log('?page_size=2');
    const second = await log('?page_size=2&page=2');
    expect(first.entries.map((entry) => entry.id)).toEqual(all.entries.slice(0, 2).map((entry) => entry.id));
    expect(second.entries.map((entry) => entry.id)).toEqual(all.entries.slice(2, 4).map((entry) => entry.id));
    expect(second).toMatchObject({ total: all.total, page: 2, page_size: 2 });
    for (const query of ['?page_size=101', '?page=0', '?kind=password_read', '?staff_id=me', `?application_id=${ana}%20OR%201`]) {
      expect((await staff.callers.admin.get(`/api/staff/access-log${query}`)).status, query).toBe(400);
    }
  });
});
