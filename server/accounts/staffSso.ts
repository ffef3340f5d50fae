import * as oidc from 'openid-client';
import type { Db } from '../../db/connection';
import { appendAccess } from '../../db/accessLog';
import type { Clock } from '../clock';
import type { StaffSsoConfig } from '../config';
import type { Logger } from '../log';
import { keyedHash, sameHash } from './secrets';
import type { ProviderRefusal, StaffService } from './staffService';

/** Why a sign-in through the college's identity provider opened no staff session. */
export type StaffSsoRefusal = ProviderRefusal | 'state' | 'provider' | 'unavailable' | 'email_unverified';

/** What the sign-in page says of each refusal; only the address the provider itself gave is repeated. */
export const STAFF_SSO_MESSAGES: Record<StaffSsoRefusal, (email: string) => string> = {
  state: () => 'The sign-in with your college account expired or was started in another window. Please try again.',
  provider: () => 'Your college account did not complete the sign-in. Please try again, or sign in with your password.',
  unavailable: () => "Your college's sign-in service cannot be reached right now. Please try again later, or sign in with your password.",
  email_unverified: () => 'Your college account has no verified e-mail address, so it cannot open the console.',
  unknown_account: (email) => `No staff account uses ${email}. Ask an admin of the admissions office to invite you.`,
  invitation_pending: (email) =>
    `The invitation for ${email} has not been accepted yet. Please open the link in the invitation e-mail first.`,
  deactivated: (email) => `The staff account of ${email} is deactivated. Ask an admin of the admissions office if this is a mistake.`,
};

/** The time between leaving for the provider and coming back; a later return is refused. */
export const STAFF_SSO_PENDING_MS = 10 * 60 * 1000;
/** How long the sign-in page can still show why the last attempt was refused. */
export const STAFF_SSO_REFUSAL_SHOWN_MS = 2 * 60 * 1000;

/** What this browser's pending sign-in must match when the provider sends it back. */
interface Pending {
  state: string;
  nonce: string;
  verifier: string;
  expiresAt: number;
}

interface Refusal {
  code: StaffSsoRefusal;
  email: string;
  expiresAt: number;
}

/**
 * A value kept in the browser's cookie that the browser cannot change: the JSON, then its keyed
 * hash under the server's secret, for one purpose each. Expired or altered, it opens to nothing.
 */
function sealer<T extends { expiresAt: number }>(secret: Buffer, purpose: string) {
  return {
    seal: (value: T) => {
      const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${payload}.${keyedHash(secret, purpose, payload)}`;
    },
    open: (sealed: string | undefined, now: number): T | undefined => {
      const [payload, mac, ...rest] = (sealed ?? '').split('.');
      if (!payload || !mac || rest.length > 0 || !sameHash(mac, keyedHash(secret, purpose, payload))) return undefined;
      const value = JSON.parse(Buffer.from(payload, 'base64url').toString()) as T;
      return value.expiresAt > now ? value : undefined;
    },
  };
}

export interface StaffSsoDeps {
  config: StaffSsoConfig;
  publicUrl: string;
  secret: Buffer;
  clock: Clock;
  db: Db;
  logger: Logger;
  staff: Pick<StaffService, 'providerSignIn'>;
}

/** A refused sign-in: why, and the same sealed for the sign-in page's cookie. */
interface Refused {
  refused: StaffSsoRefusal;
  sealedRefusal: string;
}

/**
 * Single sign-on for staff with the college's OpenID Connect provider: the authorization code
 * flow with PKCE (S256), a state and a nonce. What the return must match is sealed in a cookie of
 * this browser (the provider sends the browser back from another site, so it must be SameSite=Lax).
 * The ID token's address, verified by the provider, must be an active staff account's; the staff
 * service decides that and opens the session. The provider's settings are fetched at the first
 * sign-in (and again after a failure), so a provider that is down stops no server from starting.
 */
export function createStaffSso(deps: StaffSsoDeps) {
  const { config, clock } = deps;
  const redirectUri = `${deps.publicUrl}/public/staff/sso/callback`;
  const pending = sealer<Pending>(deps.secret, 'staff-sso-pending');
  const refusals = sealer<Refusal>(deps.secret, 'staff-sso-refusal');
  let discovered: Promise<oidc.Configuration> | undefined;

  const provider = () => {
    discovered ??= oidc
      .discovery(config.issuer, config.clientId, config.clientSecret, oidc.ClientSecretBasic(config.clientSecret), {
        // Plain http is allowed only for a provider on this machine (the environment's rule).
        execute: config.issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  const refuse = (code: StaffSsoRefusal, email: string, now: number): Refused => ({
    refused: code,
    sealedRefusal: refusals.seal({ code, email, expiresAt: now + STAFF_SSO_REFUSAL_SHOWN_MS }),
  });

  /** A refusal before any account was looked at: the log names no account. */
  const refuseFlow = (code: StaffSsoRefusal, client: string, now: number, email = ''): Refused => {
    appendAccess(deps.db, { kind: 'sign_in_failed', staffId: null, client, detail: `sso: ${code}${email ? ` ${email}` : ''}` }, now);
    return refuse(code, email, now);
  };

  return {
    /** Where the browser goes to sign in at the provider, and the pending sign-in to seal in its cookie. */
    async begin(client: string): Promise<{ url: string; sealedPending: string } | Refused> {
      const now = clock.now();
      let configuration: oidc.Configuration;
      try {
        configuration = await provider();
      } catch (error) {
        deps.logger.warn('staff_sso_unavailable', { issuer: config.issuer.href, error: (error as Error).message });
        return refuseFlow('unavailable', client, now);
      }
      const value: Pending = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        expiresAt: now + STAFF_SSO_PENDING_MS,
      };
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'openid email',
        state: value.state,
        nonce: value.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(value.verifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, sealedPending: pending.seal(value) };
    },

    /**
     * The provider's answer (the callback's query): its state must be this browser's pending one,
     * the code is exchanged with the PKCE verifier, the ID token must carry the nonce and a verified
     * address; then the staff service decides whether that address opens a session.
     */
    async finish(
      query: string,
      sealedPending: string | undefined,
      client: string,
      previousIdHash?: string,
    ): Promise<{ sessionId: string } | Refused> {
      const now = clock.now();
      const callback = new URL(`${redirectUri}?${query}`);
      const expected = pending.open(sealedPending, now);
      if (!expected || callback.searchParams.get('state') !== expected.state) return refuseFlow('state', client, now);
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(await provider(), callback, {
          pkceCodeVerifier: expected.verifier,
          expectedState: expected.state,
          expectedNonce: expected.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        deps.logger.warn('staff_sso_refused', { issuer: config.issuer.href, error: (error as Error).message });
        return refuseFlow('provider', client, now);
      }
      const email = typeof claims?.email === 'string' ? claims.email : '';
      if (!email || claims?.email_verified !== true) return refuseFlow('email_unverified', client, now, email);
      const signedIn = deps.staff.providerSignIn(email, client, previousIdHash);
      return 'sessionId' in signedIn ? signedIn : refuse(signedIn.refused, signedIn.email, now);
    },

    /** What the sign-in page says of this browser's last refused attempt, while it is recent. */
    refusalMessage(sealedRefusal: string | undefined): string | null {
      const refusal = refusals.open(sealedRefusal, clock.now());
      return refusal ? STAFF_SSO_MESSAGES[refusal.code](refusal.email) : null;
    },
  };
}

export type StaffSso = ReturnType<typeof createStaffSso>;
