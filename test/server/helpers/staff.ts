import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Secret, TOTP } from 'otpauth';
import type { StaffRole } from '../../../src/catalogue/schema/staff';
import { GOOD_PASSWORD, signUpAndLogIn, type TestClient, type TestServer } from './testServer';

const run = promisify(execFile);

/** A TOTP step: a code is accepted once, so each new code a test needs comes from a later step. */
export const TOTP_STEP_MS = 30_000;

/** `npm run admin -- staff-invite EMAIL --role ROLE` against the test server's DATA_DIR: the printed link. */
export async function inviteByCommand(server: TestServer, email: string, role: string): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', 'staff-invite', email, '--role', role], {
    env: { ...process.env, DATA_DIR: server.dataDir, NODE_ENV: 'test', PUBLIC_URL: server.publicUrl },
  });
}

/** The invitation id out of a link, as the invitation page reads it. */
export function invitationIdOf(link: string): string {
  return new URL(link.trim()).searchParams.get('id')!;
}

/** The newest invitation link mailed to an address. */
export function invitationIdFromMail(server: TestServer, email: string): string {
  const match = /^(https?:\/\/\S+\/staff\/invitation\?\S+)$/m.exec(server.lastMailTo(email)!.text);
  if (!match) throw new Error(`No invitation link in mail to ${email}`);
  return invitationIdOf(match[1]!);
}

/** The code an authenticator app shows for a setup key at the server's time (its clock is the test's). */
export function totpCode(setupKey: string, timestamp: number): string {
  return new TOTP({ secret: Secret.fromBase32(setupKey.replace(/\s+/g, '')), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp,
  });
}

export interface SetupBody {
  otpauth_uri: string;
  setup_key: string;
  qr_svg: string;
}

export interface StaffMember {
  email: string;
  role: StaffRole;
  setupKey: string;
  recoveryCodes: string[];
}

/** An invitation accepted as the page does it: a password, then the authenticator's code, then the recovery codes. */
export async function acceptInvitation(server: TestServer, id: string, password = GOOD_PASSWORD): Promise<StaffMember> {
  const client = server.client();
  const invitation = await client.get<{ email: string; role: StaffRole }>(`/public/staff/invitation?id=${id}`);
  if (invitation.status !== 200) throw new Error(`invitation refused: ${JSON.stringify(invitation.body)}`);
  const setup = await client.post<SetupBody>('/public/staff/invitation/password', { id, password });
  if (setup.status !== 200) throw new Error(`password refused: ${JSON.stringify(setup.body)}`);
  const code = totpCode(setup.body.setup_key, server.clock.now());
  const accepted = await client.post<{ recovery_codes: string[] }>('/public/staff/invitation/totp', { id, code });
  if (accepted.status !== 200) throw new Error(`code refused: ${JSON.stringify(accepted.body)}`);
  return { ...invitation.body, setupKey: setup.body.setup_key, recoveryCodes: accepted.body.recovery_codes };
}

/** Both steps of a sign-in with a fresh authenticator code (the clock moves one step first). */
export async function signInStaff(server: TestServer, member: StaffMember, password = GOOD_PASSWORD): Promise<TestClient> {
  const client = server.client();
  const first = await client.post('/public/staff/login', { email: member.email, password });
  if (first.status !== 200) throw new Error(`password step refused: ${JSON.stringify(first.body)}`);
  server.clock.advance(TOTP_STEP_MS);
  const second = await client.post('/public/staff/login/code', { code: totpCode(member.setupKey, server.clock.now()) });
  if (second.status !== 200) throw new Error(`code step refused: ${JSON.stringify(second.body)}`);
  return client;
}

/** Everyone a staff call may be asked by: no session, an applicant's session, a reader, an admin, a deactivated reader's old cookie. */
export type StaffCaller = 'nobody' | 'applicant' | 'reader' | 'admin' | 'deactivated';

export interface SignedInStaff {
  callers: Record<StaffCaller, TestClient>;
  /** The staff accounts' ids, by caller. */
  ids: Record<'admin' | 'reader' | 'deactivated', number>;
  /** The admin and the reader as set up (address, setup key, recovery codes), to sign in again or confirm a code. */
  members: Record<'admin' | 'reader', StaffMember>;
}

/**
 * The callers of the role and session matrix on a fresh server, each signed in on its own client:
 * an admin (invited by the command), a reader and a second reader (invited by the admin), the
 * second deactivated after `beforeDeactivation` (what it did while active) ran; an applicant at
 * `applicantEmail` (or the `applicant` given, when the test's own figures must not count one more);
 * and a client with no session. The clock moves a few TOTP steps.
 */
export async function signedInStaff(
  server: TestServer,
  options: {
    applicantEmail?: string;
    applicant?: TestClient;
    /** The deactivated account's role while it was active (a reader unless said): an admin's shows its role is not what refuses it. */
    deactivatedRole?: 'reader' | 'admin';
    beforeDeactivation?: (deactivated: TestClient) => Promise<void>;
  } = {},
): Promise<SignedInStaff> {
  const { stdout } = await inviteByCommand(server, 'admin@college.example', 'admin');
  const adminMember = await acceptInvitation(server, invitationIdOf(stdout));
  const admin = await signInStaff(server, adminMember);
  for (const [email, role] of [
    ['reader@college.example', 'reader'],
    ['gone@college.example', options.deactivatedRole ?? 'reader'],
  ]) {
    const invited = await admin.post('/api/staff/invitations', { email, role });
    if (invited.status !== 201) throw new Error(`invitation refused: ${JSON.stringify(invited.body)}`);
  }
  server.clock.advance(TOTP_STEP_MS);
  const readerMember = await acceptInvitation(server, invitationIdFromMail(server, 'reader@college.example'));
  const reader = await signInStaff(server, readerMember);
  const deactivated = await signInStaff(server, await acceptInvitation(server, invitationIdFromMail(server, 'gone@college.example')));
  const { accounts } = (await admin.get<{ accounts: { id: number; email: string }[] }>('/api/staff/accounts')).body;
  const idOf = (email: string) => accounts.find((account) => account.email === email)!.id;
  const ids = { admin: idOf('admin@college.example'), reader: idOf('reader@college.example'), deactivated: idOf('gone@college.example') };
  await options.beforeDeactivation?.(deactivated);
  const ended = await admin.post(`/api/staff/accounts/${ids.deactivated}/deactivate`);
  if (ended.status !== 200) throw new Error(`deactivation refused: ${JSON.stringify(ended.body)}`);
  const applicant = options.applicant ?? (await signUpAndLogIn(server, options.applicantEmail ?? 'applicant@example.org'));
  return {
    callers: { nobody: server.client(), applicant, reader, admin, deactivated },
    ids,
    members: { admin: adminMember, reader: readerMember },
  };
}

/** The status each caller gets for one call. */
export async function statusesOf(
  callers: Record<StaffCaller, TestClient>,
  method: string,
  path: string,
): Promise<Record<StaffCaller, number>> {
  const statuses = {} as Record<StaffCaller, number>;
  for (const [name, client] of Object.entries(callers) as [StaffCaller, TestClient][]) {
    statuses[name] = (await client.request(method, path, method === 'GET' ? undefined : {})).status;
  }
  return statuses;
}

/** One more staff member of a role, invited by an admin, accepted and signed in on a client of their own. */
export async function invitedAndSignedIn(
  server: TestServer,
  admin: TestClient,
  email: string,
  role: StaffRole,
): Promise<{ client: TestClient; member: StaffMember; id: number }> {
  const invited = await admin.post('/api/staff/invitations', { email, role });
  if (invited.status !== 201) throw new Error(`invitation refused: ${JSON.stringify(invited.body)}`);
  server.clock.advance(TOTP_STEP_MS);
  const member = await acceptInvitation(server, invitationIdFromMail(server, email));
  const client = await signInStaff(server, member);
  const { accounts } = (await admin.get<{ accounts: { id: number; email: string }[] }>('/api/staff/accounts')).body;
  return { client, member, id: accounts.find((account) => account.email === email)!.id };
}
