import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_INVITATION_TTL_MS } from '../../server/accounts/sessionPolicy';
import type { Logger } from '../../server/log';
import { PASSWORD_REQUIREMENTS } from '../../src/catalogue/schema';
import { STAFF_MESSAGES } from '../../src/catalogue/schema/staff';
import {
  TOTP_STEP_MS,
  acceptInvitation,
  invitationIdFromMail,
  invitationIdOf,
  inviteByCommand,
  signInStaff,
  totpCode,
  type SetupBody,
} from './helpers/staff';
import { stringContaining } from '../fixtures/matchers';
import { GOOD_PASSWORD, startTestServer, type MessageBody, type TestServer } from './helpers/testServer';

let server: TestServer;
const startLines: { event: string; fields?: Record<string, unknown> }[] = [];
const recording: Logger = {
  info: (event, fields) => startLines.push({ event, fields }),
  warn: () => {},
  error: () => {},
};

beforeAll(async () => {
  server = await startTestServer({}, { logger: recording });
});
afterAll(async () => {
  await server.stop();
});

describe('the first admin', () => {
  it('start-up says how to invite one while no staff account exists', () => {
    const hints = startLines.filter((line) => line.event === 'no_staff_account');
    expect(hints).toHaveLength(1);
    expect(hints[0]!.fields!.hint).toContain('npm run admin -- staff-invite EMAIL --role admin');
  });

  it('`staff-invite` prints a one-time link and mails the same link', async () => {
    const { stdout } = await inviteByCommand(server, 'First.Admin@College.example', 'admin');
    const id = invitationIdOf(stdout);
    expect(stdout.trim()).toBe(`${server.publicUrl}/staff/invitation?id=${id}`);
    expect(invitationIdFromMail(server, 'first.admin@college.example')).toBe(id);
    const opened = await server.client().get(`/public/staff/invitation?id=${id}`);
    expect(opened).toMatchObject({ status: 200, body: { email: 'first.admin@college.example', role: 'admin' } });
  }, 30_000);

  it('`staff-invite` refuses a role other than admin or reader, and an address that is not one', async () => {
    await expect(inviteByCommand(server, 'someone@college.example', 'owner')).rejects.toMatchObject({
      stderr: stringContaining(STAFF_MESSAGES.roleInvalid),
    });
    await expect(inviteByCommand(server, 'not an address', 'reader')).rejects.toMatchObject({
      stderr: stringContaining('Please provide a valid email address.'),
    });
  }, 30_000);

  it('once a staff account exists, start-up no longer prints the hint', async () => {
    const first = await startTestServer();
    await inviteByCommand(first, 'someone@college.example', 'reader');
    await first.close();
    const lines: string[] = [];
    const again = await startTestServer(
      {},
      { dataDir: first.dataDir, logger: { info: (event) => lines.push(event), warn() {}, error() {} } },
    );
    try {
      expect(lines).toContain('documents');
      expect(lines).not.toContain('no_staff_account');
    } finally {
      await again.stop();
    }
  }, 30_000);
});

describe('accepting an invitation', () => {
  it('sets a password by the applicants’ rules, each broken rule named with its own words', async () => {
    const { stdout } = await inviteByCommand(server, 'rules@college.example', 'reader');
    const id = invitationIdOf(stdout);
    const client = server.client();
    const weak = await client.post<MessageBody & { errors: { password: string[] } }>('/public/staff/invitation/password', {
      id,
      password: 'short',
    });
    expect(weak.status).toBe(400);
    const broken = PASSWORD_REQUIREMENTS.filter((rule) => !rule.test('short')).map((rule) => `Choose a password that ${rule.text}.`);
    expect(weak.body.errors.password).toEqual(broken);
    expect(weak.body.message).toBe(broken[0]);
    const empty = await client.post<MessageBody>('/public/staff/invitation/password', { id, password: '' });
    expect(empty.body.message).toBe('Password is required.');
  }, 30_000);

  it('shows the otpauth URI, the setup key as text and a QR code, and is accepted only with a valid code', async () => {
    const { stdout } = await inviteByCommand(server, 'totp@college.example', 'reader');
    const id = invitationIdOf(stdout);
    const client = server.client();
    const setup = await client.post<SetupBody>('/public/staff/invitation/password', { id, password: GOOD_PASSWORD });
    expect(setup.status).toBe(200);
    const uri = new URL(setup.body.otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.searchParams.get('secret')).toBe(setup.body.setup_key.replace(/ /g, ''));
    expect(decodeURIComponent(uri.pathname)).toContain('totp@college.example');
    expect(setup.body.setup_key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    expect(setup.body.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(setup.body.qr_svg).toContain('<path');

    const wrong = String((Number(totpCode(setup.body.setup_key, server.clock.now())) + 1) % 1_000_000).padStart(6, '0');
    const refused = await client.post<MessageBody>('/public/staff/invitation/totp', { id, code: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/not correct/);
    const badShape = await client.post<MessageBody>('/public/staff/invitation/totp', { id, code: '12ab' });
    expect(badShape).toMatchObject({ status: 400, body: { message: STAFF_MESSAGES.totpCodeInvalid } });

    const accepted = await client.post<{ recovery_codes: string[]; email: string; role: string }>('/public/staff/invitation/totp', {
      id,
      code: totpCode(setup.body.setup_key, server.clock.now()),
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ email: 'totp@college.example', role: 'reader' });
    expect(accepted.body.recovery_codes).toHaveLength(10);
    expect(new Set(accepted.body.recovery_codes).size).toBe(10);
    for (const code of accepted.body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // Neither the authenticator's secret nor a recovery code can be read from the database's files alone.
    const stored = ['admissions.sqlite', 'admissions.sqlite-wal']
      .filter((file) => existsSync(join(server.dataDir, file)))
      .map((file) => readFileSync(join(server.dataDir, file)).toString('latin1'))
      .join('');
    expect(stored).toContain('totp@college.example');
    expect(stored).toMatch(/\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain(GOOD_PASSWORD);
    // The link is kept as a keyed hash only (its mail, in the outbox without SMTP, keeps it until it expires).
    const invitations = server.db.prepare('SELECT id_hash FROM staff_invitations').pluck().all();
    expect(invitations.length).toBeGreaterThan(0);
    expect(invitations).not.toContain(id);
    expect(stored).not.toContain(setup.body.setup_key.replace(/ /g, ''));
    for (const code of accepted.body.recovery_codes) expect(stored).not.toContain(code);

    // Used: the link opens nothing any more, not even to show whose it was.
    const used = await server.client().get<MessageBody>(`/public/staff/invitation?id=${id}`);
    expect(used).toMatchObject({ status: 400, body: { message: STAFF_MESSAGES.invitationInvalid } });
    const again = await server.client().post<MessageBody>('/public/staff/invitation/password', { id, password: GOOD_PASSWORD });
    expect(again.status).toBe(400);
  }, 30_000);

  it('refuses the code step before a password was chosen', async () => {
    const { stdout } = await inviteByCommand(server, 'nopassword@college.example', 'reader');
    const refused = await server
      .client()
      .post<MessageBody>('/public/staff/invitation/totp', { id: invitationIdOf(stdout), code: '123456' });
    expect(refused.status).toBe(409);
  }, 30_000);

  it('is valid for 72 hours and no longer', async () => {
    // The command runs on the system clock: the server's is set from the times around it.
    const before = Date.now();
    const { stdout: early } = await inviteByCommand(server, 'early@college.example', 'reader');
    const { stdout: late } = await inviteByCommand(server, 'late@college.example', 'reader');
    const after = Date.now();
    server.clock.set(before + STAFF_INVITATION_TTL_MS - 1000);
    expect((await server.client().get(`/public/staff/invitation?id=${invitationIdOf(early)}`)).status).toBe(200);
    server.clock.set(after + STAFF_INVITATION_TTL_MS);
    const expired = await server.client().get<MessageBody>(`/public/staff/invitation?id=${invitationIdOf(late)}`);
    expect(expired).toMatchObject({ status: 400, body: { message: STAFF_MESSAGES.invitationInvalid } });
    const setup = await server.client().post('/public/staff/invitation/password', { id: invitationIdOf(late), password: GOOD_PASSWORD });
    expect(setup.status).toBe(400);
  }, 30_000);

  it('a newer invitation to the same address ends the older link', async () => {
    const { stdout: first } = await inviteByCommand(server, 'twice@college.example', 'reader');
    const { stdout: second } = await inviteByCommand(server, 'twice@college.example', 'admin');
    expect((await server.client().get(`/public/staff/invitation?id=${invitationIdOf(first)}`)).status).toBe(400);
    const opened = await server.client().get(`/public/staff/invitation?id=${invitationIdOf(second)}`);
    expect(opened.body).toMatchObject({ role: 'admin' });
  }, 30_000);

  it('refuses a made-up link, and an address that already has an account', async () => {
    const madeUp = await server.client().get<MessageBody>(`/public/staff/invitation?id=${'A'.repeat(43)}`);
    expect(madeUp).toMatchObject({ status: 400, body: { message: STAFF_MESSAGES.invitationInvalid } });
    const { stdout } = await inviteByCommand(server, 'taken@college.example', 'reader');
    const member = await acceptInvitation(server, invitationIdOf(stdout));
    await expect(inviteByCommand(server, 'taken@college.example', 'admin')).rejects.toMatchObject({
      stderr: stringContaining('already has a staff account'),
    });
    // The account still signs in as it was.
    server.clock.advance(TOTP_STEP_MS);
    const client = await signInStaff(server, member);
    expect((await client.get('/api/staff/me')).body).toEqual({ email: 'taken@college.example', role: 'reader' });
  }, 30_000);
});
