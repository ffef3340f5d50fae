import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAccessLog } from '../../db/accessLog';
import { STAFF_PASSKEY_CHALLENGE_MS, STAFF_PASSKEY_ENROLMENT_MS } from '../../server/accounts/sessionPolicy';
import { STAFF_PASSKEY_MESSAGES } from '../../server/accounts/staffPasskeys';
import { STAFF_SERVICE_MESSAGES } from '../../server/accounts/staffService';
import { THROTTLE_POLICIES } from '../../server/accounts/throttle';
import { STAFF_MESSAGES } from '../../src/catalogue/schema/staff';
import { softAuthenticator, type SoftAuthenticator } from './helpers/softAuthenticator';
import {
  TOTP_STEP_MS,
  acceptInvitation,
  invitationIdFromMail,
  invitationIdOf,
  inviteByCommand,
  signInStaff,
  type StaffMember,
} from './helpers/staff';
import { GOOD_PASSWORD, signUpAndLogIn, startTestServer, type MessageBody, type TestClient, type TestServer } from './helpers/testServer';

/*
 * Passkeys of staff accounts against the real server, with an authenticator written in the test
 * (ES256 keys of node:crypto): one is added on the invitation page once the account is set up, and
 * used at a sign-in after the password, in place of a code.
 */

interface CreationOptions {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string };
  excludeCredentials?: { id: string }[];
}
interface RequestOptions {
  challenge: string;
  rpId: string;
  allowCredentials: { id: string }[];
}
interface SignedInBody {
  email: string;
  role: string;
  message: string;
}

let server: TestServer;
let admin: StaffMember;
let counter = 0;
const nextAddress = () => `10.2.${Math.floor(++counter / 250)}.${counter % 250}`;
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const ORIGIN = 'http://admissions.test';

/** A new account invited by the admin; its invitation link's id, accepted or not. */
async function invited(email: string): Promise<string> {
  const adminClient = await signInStaff(server, admin);
  expect((await adminClient.post('/api/staff/invitations', { email, role: 'reader' })).status).toBe(201);
  server.clock.advance(TOTP_STEP_MS);
  return invitationIdFromMail(server, email);
}

/** An account accepted from its invitation page, which then adds a passkey made by `authenticator`. */
async function memberWithPasskey(email: string, authenticator: SoftAuthenticator): Promise<StaffMember> {
  const id = await invited(email);
  const member = await acceptInvitation(server, id);
  const page = server.client();
  const options = await page.post<CreationOptions>('/public/staff/invitation/passkey/options', { id });
  expect(options.status).toBe(200);
  const added = await page.post<MessageBody>('/public/staff/invitation/passkey', {
    id,
    response: authenticator.register(options.body, ORIGIN),
  });
  expect(added.status).toBe(200);
  return member;
}

/** The password step of a sign-in, from its own client address. */
async function passwordStep(member: StaffMember): Promise<{ client: TestClient; ip: string }> {
  const client = server.client();
  const ip = nextAddress();
  expect((await client.post('/public/staff/login', { email: member.email, password: GOOD_PASSWORD }, from(ip))).status).toBe(200);
  return { client, ip };
}

const staffIdOf = (email: string) =>
  queryAccessLog(server.db, { kind: 'sign_in' }).find((entry) => entry.staff_email === email)?.staff_id ?? undefined;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
  const { stdout } = await inviteByCommand(server, 'admin@college.example', 'admin');
  admin = await acceptInvitation(server, invitationIdOf(stdout));
}, 30_000);
afterAll(async () => {
  await server.stop();
});

describe('adding a passkey on the invitation page', () => {
  it('is offered once the account is set up, for the public address, and the passkey is added', async () => {
    const id = await invited('new.reader@college.example');
    const page = server.client();
    // Before the authenticator app is confirmed the account is not complete: no passkey yet.
    expect((await page.post('/public/staff/invitation/password', { id, password: GOOD_PASSWORD })).status).toBe(200);
    const early = await page.post<MessageBody>('/public/staff/invitation/passkey/options', { id });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(STAFF_PASSKEY_MESSAGES.enrolmentClosed);

    const member = await acceptInvitation(server, id);
    const options = await page.post<CreationOptions>('/public/staff/invitation/passkey/options', { id });
    expect(options.status).toBe(200);
    expect(options.body.rp.id).toBe('admissions.test');
    expect(options.body.user.name).toBe(member.email);
    expect(options.body.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const authenticator = softAuthenticator();
    const added = await page.post<MessageBody>('/public/staff/invitation/passkey', {
      id,
      response: authenticator.register(options.body, ORIGIN),
    });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(STAFF_PASSKEY_MESSAGES.added);

    // A second passkey is offered without the first being made again.
    const again = await page.post<CreationOptions>('/public/staff/invitation/passkey/options', { id });
    expect(again.body.excludeCredentials?.map((credential) => credential.id)).toEqual([authenticator.credentialId]);
  });

  it('refuses an answer given twice, a challenge past its minutes, another origin, and a link that is not an accepted one', async () => {
    const id = await invited('careful@college.example');
    await acceptInvitation(server, id);
    const page = server.client();
    const authenticator = softAuthenticator();
    const options = await page.post<CreationOptions>('/public/staff/invitation/passkey/options', { id });
    const answer = authenticator.register(options.body, ORIGIN);
    expect((await page.post('/public/staff/invitation/passkey', { id, response: answer })).status).toBe(200);
    const replayed = await page.post<MessageBody>('/public/staff/invitation/passkey', { id, response: answer });
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toBe(STAFF_PASSKEY_MESSAGES.registrationRefused);

    const late = await page.post<CreationOptions>('/public/staff/invitation/passkey/options', { id });
    server.clock.advance(STAFF_PASSKEY_CHALLENGE_MS + 1);
    const expired = await page.post<MessageBody>('/public/staff/invitation/passkey', {
      id,
      response: softAuthenticator().register(late.body, ORIGIN),
    });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(STAFF_PASSKEY_MESSAGES.registrationRefused);

    const elsewhere = await page.post<CreationOptions>('/public/staff/invitation/passkey/options', { id });
    const phished = await page.post<MessageBody>('/public/staff/invitation/passkey', {
      id,
      response: softAuthenticator().register(elsewhere.body, 'http://admissions.example'),
    });
    expect(phished.status).toBe(400);

    const unknown = await page.post<MessageBody>('/public/staff/invitation/passkey/options', { id: 'A'.repeat(43) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(STAFF_PASSKEY_MESSAGES.enrolmentClosed);
    server.clock.advance(STAFF_PASSKEY_ENROLMENT_MS);
    const closed = await page.post<MessageBody>('/public/staff/invitation/passkey/options', { id });
    expect(closed.status).toBe(400);
    expect(closed.body.message).toBe(STAFF_PASSKEY_MESSAGES.enrolmentClosed);
  });

  it('refuses an answer the browser library could not have sent', async () => {
    const id = await invited('garbled@college.example');
    await acceptInvitation(server, id);
    const refused = await server.client().post<MessageBody>('/public/staff/invitation/passkey', { id, response: { id: 'x' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(STAFF_MESSAGES.passkeyUnreadable);
  });
});

describe('signing in with a passkey', () => {
  let member: StaffMember;
  const authenticator = softAuthenticator();

  beforeAll(async () => {
    member = await memberWithPasskey('passkey.user@college.example', authenticator);
  }, 30_000);

  it('needs the password step first: not without it, not from an applicant, not from a signed-in session', async () => {
    const nobody = await server.client().post<MessageBody>('/public/staff/login/passkey/options');
    expect(nobody.status).toBe(401);
    expect(nobody.body.message).toBe(STAFF_SERVICE_MESSAGES.signInExpired);
    const applicant = await signUpAndLogIn(server, 'passkey.user@college.example');
    expect((await applicant.post('/public/staff/login/passkey/options')).status).toBe(401);
    const signedIn = await signInStaff(server, member);
    expect((await signedIn.post('/public/staff/login/passkey/options')).status).toBe(401);
    const answer = await signedIn.post('/public/staff/login/passkey', {
      response: authenticator.signIn({ challenge: 'AAAA', rpId: 'admissions.test' }, ORIGIN),
    });
    expect(answer.status).toBe(401);
  }, 30_000);

  it("opens the staff session as a code does, for the account's passkeys only, and logs it", async () => {
    const { client, ip } = await passwordStep(member);
    const options = await client.post<RequestOptions>('/public/staff/login/passkey/options', {}, from(ip));
    expect(options.status).toBe(200);
    expect(options.body.rpId).toBe('admissions.test');
    expect(options.body.allowCredentials.map((credential) => credential.id)).toEqual([authenticator.credentialId]);
    const signedIn = await client.post<SignedInBody>(
      '/public/staff/login/passkey',
      { response: authenticator.signIn(options.body, ORIGIN) },
      from(ip),
    );
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ email: member.email, role: 'reader', message: STAFF_SERVICE_MESSAGES.signedIn });
    expect((await client.get<{ email: string }>('/api/staff/me')).body.email).toBe(member.email);
    const [latest] = queryAccessLog(server.db, { staffId: staffIdOf(member.email) });
    expect(latest).toMatchObject({ kind: 'sign_in', client: ip, detail: 'passkey' });
  });

  it('refuses a replayed answer, another account’s passkey, a wrong signature and a counter that did not move; each is a failed sign-in', async () => {
    const stranger = softAuthenticator();
    await memberWithPasskey('other.user@college.example', stranger);
    const { client, ip } = await passwordStep(member);
    const first = await client.post<RequestOptions>('/public/staff/login/passkey/options', {}, from(ip));
    const answer = authenticator.signIn(first.body, ORIGIN);
    const sign = (response: unknown) => client.post<MessageBody>('/public/staff/login/passkey', { response }, from(ip));

    // The other account's passkey, signing this step's own challenge.
    expect((await sign(stranger.signIn(first.body, ORIGIN))).status).toBe(400);
    // Its challenge was spent by that refusal: the right answer to it is refused too.
    const spent = await sign(answer);
    expect(spent.status).toBe(400);
    expect(spent.body.message).toBe(STAFF_PASSKEY_MESSAGES.signInRefused);

    const second = await client.post<RequestOptions>('/public/staff/login/passkey/options', {}, from(ip));
    expect(
      (await sign(authenticator.signIn(second.body, ORIGIN, { key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey })))
        .status,
    ).toBe(400);
    const third = await client.post<RequestOptions>('/public/staff/login/passkey/options', {}, from(ip));
    expect((await sign(authenticator.signIn(third.body, ORIGIN, { counter: 1 }))).status).toBe(400);
    const fourth = await client.post<RequestOptions>('/public/staff/login/passkey/options', {}, from(ip));
    expect((await sign(authenticator.signIn(fourth.body, 'http://admissions.example'))).status).toBe(400);
    expect((await client.get('/api/staff/me')).status).toBe(401);

    const failures = queryAccessLog(server.db, { staffId: staffIdOf(member.email)!, kind: 'sign_in_failed' });
    expect(failures.filter((entry) => entry.client === ip && entry.detail === 'passkey')).toHaveLength(5);

    // The passkey still signs in after the refusals, with a fresh challenge.
    const fifth = await client.post<RequestOptions>('/public/staff/login/passkey/options', {}, from(ip));
    expect((await sign(authenticator.signIn(fifth.body, ORIGIN))).status).toBe(200);
  });

  it('is refused once the password step’s minutes have passed, and for an account without a passkey', async () => {
    const { client, ip } = await passwordStep(member);
    const options = await client.post<RequestOptions>('/public/staff/login/passkey/options', {}, from(ip));
    server.clock.advance(STAFF_PASSKEY_CHALLENGE_MS);
    const late = await client.post<MessageBody>(
      '/public/staff/login/passkey',
      { response: authenticator.signIn(options.body, ORIGIN) },
      from(ip),
    );
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(STAFF_SERVICE_MESSAGES.signInExpired);

    const plain = await passwordStep(admin);
    const none = await plain.client.post<MessageBody>('/public/staff/login/passkey/options', {}, from(plain.ip));
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(STAFF_PASSKEY_MESSAGES.noPasskey);
  });
  it('counts refused passkeys as guesses of the account, up to 429', async () => {
    const guessed = softAuthenticator();
    const { client, ip } = await passwordStep(await memberWithPasskey('guessed.passkey@college.example', guessed));
    const limit = THROTTLE_POLICIES.passwordPerAccountAndClient.limit;
    const statuses: number[] = [];
    for (let guess = 0; guess <= limit; guess++) {
      const options = await client.post<RequestOptions>('/public/staff/login/passkey/options', {}, from(ip));
      statuses.push(
        (await client.post('/public/staff/login/passkey', { response: guessed.signIn(options.body, 'http://x.example') }, from(ip))).status,
      );
    }
    expect(statuses.slice(0, limit).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  }, 30_000);
});
