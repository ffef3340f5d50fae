import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAccessLog, type AccessLogRow } from '../../db/accessLog';
import { listStaff } from '../../db/staff';
import { readServerConfig } from '../../server/config';
import { STAFF_SSO_MESSAGES, STAFF_SSO_REFUSAL_SHOWN_MS } from '../../server/accounts/staffSso';
import { CrossSiteBrowser, startTestProvider, type ProviderUser } from './helpers/oidcProvider';
import {
  TOTP_STEP_MS,
  acceptInvitation,
  invitationIdFromMail,
  invitationIdOf,
  inviteByCommand,
  signInStaff,
  type StaffMember,
} from './helpers/staff';
import { startTestServer, type TestServer } from './helpers/testServer';

const PUBLIC_URL = 'http://admissions.test';
const users = new Map<string, ProviderUser>();
let provider: Awaited<ReturnType<typeof startTestProvider>>;
let server: TestServer;
let admin: StaffMember;

/** The provider's user `login`, with the address and verification it vouches for. */
function providerUser(login: string, email: string, verified = true): string {
  users.set(login, { email, email_verified: verified });
  return login;
}

const browser = () => new CrossSiteBrowser(PUBLIC_URL, server.url);
const startUrl = new URL('/public/staff/sso/start', PUBLIC_URL);

/** The app's answer to its own single sign-on page call, with this browser's cookies. */
async function ssoStatus(visitor: CrossSiteBrowser): Promise<{ enabled: boolean; refusal: string | null }> {
  const response = await visitor.fetch(new URL('/public/staff/sso', PUBLIC_URL));
  return (await response.json()) as { enabled: boolean; refusal: string | null };
}

async function me(visitor: CrossSiteBrowser) {
  const response = await visitor.fetch(new URL('/api/staff/me', PUBLIC_URL));
  return { status: response.status, body: (await response.json()) as unknown };
}

/** The newest access-log entry of a kind. */
const newest = (kind: 'sign_in' | 'sign_in_failed'): AccessLogRow => queryAccessLog(server.db, { kind, limit: 1 })[0]!;

async function invitedAndAccepted(email: string, role: 'reader' | 'admin'): Promise<StaffMember> {
  const adminClient = await signInStaff(server, admin);
  expect((await adminClient.post('/api/staff/invitations', { email, role })).status).toBe(201);
  server.clock.advance(TOTP_STEP_MS);
  return acceptInvitation(server, invitationIdFromMail(server, email));
}

beforeAll(async () => {
  provider = await startTestProvider(`${PUBLIC_URL}/public/staff/sso/callback`, users);
  server = await startTestServer({ TRUST_PROXY: '1', ...provider.env });
  const { stdout } = await inviteByCommand(server, 'admin@college.example', 'admin');
  admin = await acceptInvitation(server, invitationIdOf(stdout));
}, 30_000);
afterAll(async () => {
  await server.stop();
  await provider.close();
});

describe('single sign-on with the college identity provider', () => {
  it('signs an active staff member in with the staff cookie, matching the verified address whatever its case', async () => {
    await invitedAndAccepted('reader@college.example', 'reader');
    const visitor = browser();

    const start = await visitor.fetch(startUrl);
    expect(start.status).toBe(302);
    const authorization = new URL(start.headers.get('location')!);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('response_type')).toBe('code');
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/public/staff/sso/callback`);
    const pending = visitor.appSetCookies.find((line) => line.startsWith('staff_sso='))!;
    expect(pending).toMatch(/; httponly/i);
    expect(pending).toMatch(/; samesite=lax/i);
    expect(pending).toMatch(/; path=\/public\/staff\/sso;/i);
    // The state, the nonce and the PKCE verifier are not readable in the cookie's clear text.
    expect(pending).not.toContain(authorization.searchParams.get('state')!);

    const landed = await visitor.signInThrough(authorization, providerUser('reader-login', 'Reader@College.Example'));
    expect(landed.pathname + landed.search).toBe('/staff');
    expect(visitor.appSetCookies.find((line) => line.startsWith('staff_sid='))).toMatch(/; samesite=strict/i);
    expect(await me(visitor)).toEqual({ status: 200, body: { email: 'reader@college.example', role: 'reader' } });
    expect(newest('sign_in')).toMatchObject({ staff_email: 'reader@college.example', detail: 'sso', client: expect.any(String) as string });
    // A pending sign-in is used once.
    expect(visitor.appCookie('staff_sso')).toBeUndefined();
  });

  it('signs an admin in as an admin', async () => {
    const visitor = browser();
    const landed = await visitor.signInThrough(startUrl, providerUser('admin-login', 'admin@college.example'));
    expect(landed.pathname + landed.search).toBe('/staff');
    expect(await me(visitor)).toEqual({ status: 200, body: { email: 'admin@college.example', role: 'admin' } });
  });

  it('refuses an address no staff account uses, creates no account and says so on the sign-in page', async () => {
    const before = listStaff(server.db);
    const visitor = browser();
    const landed = await visitor.signInThrough(startUrl, providerUser('stranger-login', 'stranger@college.example'));
    expect(landed.pathname + landed.search).toBe('/staff?sso_error=unknown_account');
    expect(visitor.appCookie('staff_sid')).toBeUndefined();
    expect((await me(visitor)).status).toBe(401);
    expect(listStaff(server.db)).toEqual(before);
    expect(await ssoStatus(visitor)).toEqual({
      enabled: true,
      refusal: 'No staff account uses stranger@college.example. Ask an admin of the admissions office to invite you.',
    });
    expect(newest('sign_in_failed')).toMatchObject({ staff_id: null, detail: 'sso: unknown_account stranger@college.example' });
    // Another browser is told nothing of it, and this one only for two minutes.
    expect(await ssoStatus(browser())).toEqual({ enabled: true, refusal: null });
    server.clock.advance(STAFF_SSO_REFUSAL_SHOWN_MS);
    expect(await ssoStatus(visitor)).toEqual({ enabled: true, refusal: null });
  });

  it('refuses a deactivated account', async () => {
    const gone = await invitedAndAccepted('gone@college.example', 'reader');
    const adminClient = await signInStaff(server, admin);
    const accounts = (await adminClient.get<{ accounts: { id: number; email: string }[] }>('/api/staff/accounts')).body.accounts;
    const id = accounts.find((account) => account.email === gone.email)!.id;
    expect((await adminClient.post(`/api/staff/accounts/${id}/deactivate`)).status).toBe(200);

    const visitor = browser();
    const landed = await visitor.signInThrough(startUrl, providerUser('gone-login', 'gone@college.example'));
    expect(landed.pathname + landed.search).toBe('/staff?sso_error=deactivated');
    expect((await me(visitor)).status).toBe(401);
    expect((await ssoStatus(visitor)).refusal).toBe(STAFF_SSO_MESSAGES.deactivated('gone@college.example'));
    expect(newest('sign_in_failed')).toMatchObject({ staff_id: id, detail: 'sso: deactivated gone@college.example' });
  });

  it('refuses an invitation not accepted yet: signing in is no way around the password and authenticator set-up', async () => {
    await inviteByCommand(server, 'invited@college.example', 'reader');
    const visitor = browser();
    const landed = await visitor.signInThrough(startUrl, providerUser('invited-login', 'invited@college.example'));
    expect(landed.pathname + landed.search).toBe('/staff?sso_error=invitation_pending');
    expect((await me(visitor)).status).toBe(401);
    expect(newest('sign_in_failed')).toMatchObject({ detail: 'sso: invitation_pending invited@college.example' });
  });

  it('refuses an address the provider has not verified, even a staff member’s', async () => {
    const visitor = browser();
    const landed = await visitor.signInThrough(startUrl, providerUser('unverified-login', 'admin@college.example', false));
    expect(landed.pathname + landed.search).toBe('/staff?sso_error=email_unverified');
    expect(visitor.appCookie('staff_sid')).toBeUndefined();
    expect((await me(visitor)).status).toBe(401);
    expect((await ssoStatus(visitor)).refusal).toBe(STAFF_SSO_MESSAGES.email_unverified(''));
    expect(newest('sign_in_failed')).toMatchObject({ staff_id: null, detail: 'sso: email_unverified admin@college.example' });
  });

  describe('the return from the provider must belong to the sign-in this browser started', () => {
    /** A staff member's whole round trip, stopped where the provider sends the browser back. */
    async function callbackOf(visitor: CrossSiteBrowser): Promise<URL> {
      // The provider's part, up to its redirect to the app's callback, which is not fetched.
      return visitor.signInThrough(startUrl, providerUser('admin-login', 'admin@college.example'), '/public/staff/sso/callback');
    }

    it.each([
      ['another browser (no pending sign-in)', (callback: URL) => ({ url: callback, fresh: true })],
      ['a forged state', (callback: URL) => ({ url: withParam(callback, 'state', 'forged-state'), fresh: false })],
      ['no state', (callback: URL) => ({ url: withParam(callback, 'state', null), fresh: false })],
    ])('refuses a return from %s', async (_name, tamper) => {
      const visitor = browser();
      const { url, fresh } = tamper(await callbackOf(visitor));
      const receiver = fresh ? browser() : visitor;
      const response = await receiver.fetch(url);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/staff?sso_error=state');
      expect(receiver.appCookie('staff_sid')).toBeUndefined();
      expect((await me(receiver)).status).toBe(401);
      expect((await ssoStatus(receiver)).refusal).toBe(STAFF_SSO_MESSAGES.state(''));
      expect(newest('sign_in_failed')).toMatchObject({ staff_id: null, detail: 'sso: state' });
    });

    it('accepts a return once: the same code and state again open nothing', async () => {
      const visitor = browser();
      const callback = await callbackOf(visitor);
      const first = await visitor.fetch(callback);
      expect(first.headers.get('location')).toBe('/staff');
      await visitor.fetch(new URL('/api/staff/logout', PUBLIC_URL), { method: 'POST', headers: { origin: PUBLIC_URL } });
      const again = await visitor.fetch(callback);
      expect(again.headers.get('location')).toBe('/staff?sso_error=state');
      expect((await me(visitor)).status).toBe(401);
    });
  });

  it('refuses a sign-in the user cancelled at the provider', async () => {
    const visitor = browser();
    const start = await visitor.fetch(startUrl);
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const cancelled = new URL(
      `/public/staff/sso/callback?${new URLSearchParams({ error: 'access_denied', state, iss: provider.issuer })}`,
      PUBLIC_URL,
    );
    const response = await visitor.fetch(cancelled);
    expect(response.headers.get('location')).toBe('/staff?sso_error=provider');
    expect((await me(visitor)).status).toBe(401);
    expect(newest('sign_in_failed')).toMatchObject({ detail: 'sso: provider' });
  });
});

function withParam(url: URL, name: string, value: string | null): URL {
  const changed = new URL(url);
  if (value === null) changed.searchParams.delete(name);
  else changed.searchParams.set(name, value);
  return changed;
}

describe('with single sign-on off', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(async () => {
    await plain.stop();
  });

  it('has no start or return address, and tells the sign-in page it is off', async () => {
    const client = plain.client();
    expect((await client.get('/public/staff/sso/start')).status).toBe(404);
    expect((await client.get('/public/staff/sso/callback?code=x&state=y')).status).toBe(404);
    expect((await client.get('/public/staff/sso')).body).toEqual({ enabled: false, refusal: null });
  });
});

describe('its settings, checked at start-up', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/unused', PORT: '0' };

  it('needs the three variables together, naming those missing', () => {
    expect(() => readServerConfig({ ...base, STAFF_OIDC_ISSUER: 'https://login.college.example' })).toThrow(
      'Single sign-on for staff needs STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID, STAFF_OIDC_CLIENT_SECRET together: STAFF_OIDC_ISSUER is set, STAFF_OIDC_CLIENT_ID, STAFF_OIDC_CLIENT_SECRET are not.',
    );
  });

  it('needs an https provider, or http on this machine only, and never repeats the client secret', () => {
    const settings = { STAFF_OIDC_CLIENT_ID: 'console', STAFF_OIDC_CLIENT_SECRET: 'the-secret-value' };
    let message = '';
    try {
      readServerConfig({ ...base, ...settings, STAFF_OIDC_ISSUER: 'http://login.college.example' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      `STAFF_OIDC_ISSUER must be the identity provider's https:// address (http:// only on localhost), got "http://login.college.example".`,
    );
    expect(message).not.toContain('the-secret-value');
    expect(readServerConfig({ ...base, ...settings, STAFF_OIDC_ISSUER: 'http://127.0.0.1:4000' }).staffSso?.issuer.href).toBe(
      'http://127.0.0.1:4000/',
    );
  });

  it('is off when none is set', () => {
    expect(readServerConfig(base).staffSso).toBeUndefined();
  });
});
