import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAccessLog } from '../../db/accessLog';
import { backupDatabase } from '../../db/backup';
import {
  TOTP_STEP_MS,
  acceptInvitation,
  invitationIdFromMail,
  invitationIdOf,
  inviteByCommand,
  signInStaff,
  type StaffMember,
} from './helpers/staff';
import { GOOD_PASSWORD, startTestServer, type TestClient, type TestServer } from './helpers/testServer';

let server: TestServer;
let admin: StaffMember;
let adminClient: TestClient;
let adminId: number;
let readerId: number;

const kinds = () => queryAccessLog(server.db, {}).map((entry) => entry.kind);

beforeAll(async () => {
  server = await startTestServer();
  const { stdout } = await inviteByCommand(server, 'admin@college.example', 'admin');
  admin = await acceptInvitation(server, invitationIdOf(stdout));
  adminClient = await signInStaff(server, admin);
  expect((await adminClient.post('/api/staff/invitations', { email: 'reader@college.example', role: 'reader' })).status).toBe(201);
  server.clock.advance(TOTP_STEP_MS);
  await acceptInvitation(server, invitationIdFromMail(server, 'reader@college.example'));
  const { accounts } = (await adminClient.get<{ accounts: { id: number; email: string }[] }>('/api/staff/accounts')).body;
  adminId = accounts.find((account) => account.email === admin.email)!.id;
  readerId = accounts.find((account) => account.email === 'reader@college.example')!.id;
}, 60_000);
afterAll(async () => {
  await server.stop();
});

describe('the access log', () => {
  it('records the invitations: by the command line (no account) and by an admin, from their client address', () => {
    const invitations = queryAccessLog(server.db, { kind: 'invitation' }).reverse();
    expect(invitations.map(({ staff_id, client, detail }) => ({ staff_id, client, detail }))).toEqual([
      { staff_id: null, client: 'command line', detail: 'admin@college.example as admin' },
      { staff_id: adminId, client: '127.0.0.1', detail: 'reader@college.example as reader' },
    ]);
  });

  it('records a sign-in, a wrong password, a refused code and an unknown address, each with the account when there is one', async () => {
    const before = queryAccessLog(server.db, {})[0]!.id;
    await signInStaff(server, admin);
    expect((await server.client().post('/public/staff/login', { email: admin.email, password: `${GOOD_PASSWORD}x` })).status).toBe(400);
    expect((await server.client().post('/public/staff/login', { email: 'nobody@college.example', password: GOOD_PASSWORD })).status).toBe(
      400,
    );
    const client = server.client();
    expect((await client.post('/public/staff/login', { email: admin.email, password: GOOD_PASSWORD })).status).toBe(200);
    expect((await client.post('/public/staff/login/code', { code: '000000' })).status).toBe(400);
    const added = queryAccessLog(server.db, {})
      .filter((entry) => entry.id > before)
      .reverse()
      .map(({ kind, staff_id, staff_email, detail }) => ({ kind, staff_id, staff_email, detail }));
    expect(added).toEqual([
      { kind: 'sign_in', staff_id: adminId, staff_email: admin.email, detail: null },
      { kind: 'sign_in_failed', staff_id: adminId, staff_email: admin.email, detail: admin.email },
      { kind: 'sign_in_failed', staff_id: null, staff_email: null, detail: 'nobody@college.example' },
      { kind: 'sign_in_failed', staff_id: adminId, staff_email: admin.email, detail: 'second factor' },
    ]);
  });

  it('records a role change and a deactivation, and still names the deactivated account', async () => {
    expect((await adminClient.put(`/api/staff/accounts/${readerId}/role`, { role: 'admin' })).status).toBe(200);
    expect((await adminClient.post(`/api/staff/accounts/${readerId}/deactivate`)).status).toBe(200);
    const [deactivation, roleChange] = queryAccessLog(server.db, { staffId: adminId, limit: 2 });
    expect(roleChange).toMatchObject({ kind: 'role_changed', staff_email: admin.email, detail: 'reader@college.example to admin' });
    expect(deactivation).toMatchObject({ kind: 'deactivation', staff_email: admin.email, detail: 'reader@college.example' });
    expect(queryAccessLog(server.db, { kind: 'invitation', limit: 1 })[0]).toMatchObject({ staff_email: admin.email });
  });

  it('is append-only: the database refuses to change or delete an entry', () => {
    const count = kinds().length;
    expect(() => server.db.prepare("UPDATE access_log SET kind = 'sign_in'").run()).toThrow(/append-only/);
    expect(() => server.db.prepare('DELETE FROM access_log').run()).toThrow(/append-only/);
    expect(() => server.db.prepare('UPDATE access_log SET staff_id = NULL WHERE id = 1').run()).toThrow(/append-only/);
    expect(kinds()).toHaveLength(count);
  });

  it('is carried by a backup', async () => {
    const destination = join(mkdtempSync(join(tmpdir(), 'access-log-backup-')), 'copy.sqlite');
    await backupDatabase(join(server.dataDir, 'admissions.sqlite'), destination);
    const copy = new Database(destination, { readonly: true });
    try {
      const copied = copy.prepare('SELECT kind FROM access_log ORDER BY id DESC').all() as { kind: string }[];
      expect(copied.map((row) => row.kind)).toEqual(kinds());
      expect(() => copy.prepare('DELETE FROM access_log').run()).toThrow();
    } finally {
      copy.close();
    }
  });
});
