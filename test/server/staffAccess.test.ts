import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_SERVICE_MESSAGES } from '../../server/accounts/staffService';
import { STAFF_ACCESS_MESSAGES } from '../../server/http/staffSession';
import {
  TOTP_STEP_MS,
  acceptInvitation,
  invitationIdFromMail,
  invitationIdOf,
  inviteByCommand,
  signInStaff,
  type StaffMember,
} from './helpers/staff';
import { signUpAndLogIn, startTestServer, type MessageBody, type TestClient, type TestServer } from './helpers/testServer';

let server: TestServer;
let admin: StaffMember;
let readerId: number;
const callers: Record<'nobody' | 'applicant' | 'reader' | 'admin' | 'deactivated', TestClient> = {} as never;

/** Every staff call behind a session, with the least role it needs; bodies an admin may send without harm. */
const STAFF_CALLS: { method: string; path: () => string; body?: () => unknown; role: 'reader' | 'admin' }[] = [
  { method: 'GET', path: () => '/api/staff/me', role: 'reader' },
  { method: 'GET', path: () => '/api/staff/accounts', role: 'admin' },
  {
    method: 'POST',
    path: () => '/api/staff/invitations',
    body: () => ({ email: `matrix.${Math.random().toString(36).slice(2)}@college.example`, role: 'reader' }),
    role: 'admin',
  },
  { method: 'PUT', path: () => `/api/staff/accounts/${readerId}/role`, body: () => ({ role: 'reader' }), role: 'admin' },
  // An account that does not exist: an admin gets past the role check to the 404.
  { method: 'POST', path: () => '/api/staff/accounts/999999/deactivate', role: 'admin' },
  { method: 'POST', path: () => '/api/staff/exports', body: () => ({ format: 'json', columns: ['email'] }), role: 'admin' },
  // A wrong code: an admin gets past the role check to the code's refusal.
  { method: 'POST', path: () => '/api/staff/reauth', body: () => ({ code: '000000' }), role: 'admin' },
];

beforeAll(async () => {
  server = await startTestServer();
  const { stdout } = await inviteByCommand(server, 'admin@college.example', 'admin');
  admin = await acceptInvitation(server, invitationIdOf(stdout));
  callers.admin = await signInStaff(server, admin);
  for (const email of ['reader@college.example', 'gone@college.example']) {
    expect((await callers.admin.post('/api/staff/invitations', { email, role: 'reader' })).status).toBe(201);
  }
  server.clock.advance(TOTP_STEP_MS);
  const reader = await acceptInvitation(server, invitationIdFromMail(server, 'reader@college.example'));
  const gone = await acceptInvitation(server, invitationIdFromMail(server, 'gone@college.example'));
  callers.reader = await signInStaff(server, reader);
  callers.deactivated = await signInStaff(server, gone);
  const { accounts } = (await callers.admin.get<{ accounts: { id: number; email: string }[] }>('/api/staff/accounts')).body;
  readerId = accounts.find((account) => account.email === reader.email)!.id;
  const goneId = accounts.find((account) => account.email === gone.email)!.id;
  expect((await callers.admin.post(`/api/staff/accounts/${goneId}/deactivate`)).status).toBe(200);
  callers.applicant = await signUpAndLogIn(server, 'applicant@example.org');
  callers.nobody = server.client();
}, 60_000);
afterAll(async () => {
  await server.stop();
});

describe('who may make each staff call', () => {
  it('answers every caller as its session and role allow: applicants and deactivated accounts as nobody, readers no admin call', async () => {
    const table: string[] = [];
    for (const call of STAFF_CALLS) {
      for (const [name, client] of Object.entries(callers)) {
        const response = await client.request<MessageBody>(call.method, call.path(), call.body?.());
        const expected =
          name === 'admin' || (name === 'reader' && call.role === 'reader')
            ? 'allowed'
            : name === 'reader'
              ? STAFF_ACCESS_MESSAGES.adminOnly
              : STAFF_ACCESS_MESSAGES.signInNeeded;
        const got = response.status === 401 || response.status === 403 ? response.body.message : 'allowed';
        table.push(`${call.method} ${call.path()} as ${name}: ${got === expected ? 'as expected' : `${response.status} ${got}`}`);
        if (expected === STAFF_ACCESS_MESSAGES.signInNeeded) expect(response.status, `${call.method} ${call.path()} as ${name}`).toBe(401);
        if (expected === STAFF_ACCESS_MESSAGES.adminOnly) expect(response.status, `${call.method} ${call.path()} as ${name}`).toBe(403);
        if (expected === 'allowed') expect(response.status, `${call.method} ${call.path()} as ${name}`).toBeLessThan(500);
      }
    }
    expect(table.filter((line) => !line.endsWith('as expected'))).toEqual([]);
  });

  it('the admin’s calls reach their handlers (not just past the check)', async () => {
    expect((await callers.admin.get('/api/staff/me')).body).toEqual({ email: 'admin@college.example', role: 'admin' });
    expect((await callers.admin.post('/api/staff/accounts/999999/deactivate')).status).toBe(404);
    expect((await callers.reader.get('/api/staff/me')).body).toEqual({ email: 'reader@college.example', role: 'reader' });
  });

  it('keeps the last active admin: they can be neither demoted nor deactivated, and stay an admin', async () => {
    const { accounts } = (await callers.admin.get<{ accounts: { id: number; email: string }[] }>('/api/staff/accounts')).body;
    const adminId = accounts.find((account) => account.email === admin.email)!.id;
    const demoted = await callers.admin.put<MessageBody>(`/api/staff/accounts/${adminId}/role`, { role: 'reader' });
    expect(demoted).toMatchObject({ status: 409, body: { message: STAFF_SERVICE_MESSAGES.lastAdmin } });
    const deactivated = await callers.admin.post<MessageBody>(`/api/staff/accounts/${adminId}/deactivate`);
    expect(deactivated).toMatchObject({ status: 409, body: { message: STAFF_SERVICE_MESSAGES.lastAdmin } });
    expect((await callers.admin.get('/api/staff/me')).body).toEqual({ email: 'admin@college.example', role: 'admin' });
  });
});

describe('a staff session is no applicant’s session', () => {
  it('writes no applicant answer and reads no applicant call', async () => {
    const staff = callers.admin;
    const probes: [string, string, unknown?][] = [
      ['PUT', '/api/answer', { city: 'Staff City' }],
      ['GET', '/api/profile'],
      ['PUT', '/api/last-page', { last_page: '/education' }],
      ['POST', '/api/web-status', { web_status: 'started' }],
      ['PUT', '/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'write' }],
      ['PUT', '/api/add-another', { button_id: 'activities', num_components: 2 }],
      ['POST', '/api/submit', {}],
      ['GET', '/api/pdf'],
    ];
    for (const [method, path, body] of probes) {
      const response = await staff.request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    // Still signed in as staff: the refusals were the applicant side's, not a lost session.
    expect((await staff.get('/api/staff/me')).status).toBe(200);
  });

  it('an applicant who is also on the staff keeps the two sessions apart in one browser', async () => {
    const applicant = callers.applicant;
    const saved = await applicant.put<{ version: number }>('/api/answer', { city: 'Applicant City' });
    expect(saved.status).toBe(200);
    // An applicant's session cookie sent to the staff sign-in's second step is no password step.
    expect((await applicant.post('/public/staff/login/code', { code: '123456' })).status).toBe(401);
    expect((await applicant.post('/api/staff/logout')).status).toBe(200);
    expect((await applicant.get('/api/profile')).status).toBe(200);
  });
});
