import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type * as v from 'valibot';
import { appendAccess } from '../../db/accessLog';
import { findAcceptedInvitation } from '../../db/staff';
import {
  addStaffPasskey,
  findStaffPasskey,
  listStaffPasskeys,
  putPasskeyChallenge,
  recordPasskeyUse,
  takePasskeyChallenge,
} from '../../db/staffPasskeys';
import type { staffPasskeyRegistrationSchema, staffPasskeySignInSchema } from '../../src/catalogue/schema/staff';
import { HttpError, badRequest } from '../http/errors';
import { keyedHash } from './secrets';
import { STAFF_PASSKEY_CHALLENGE_MS, STAFF_PASSKEY_ENROLMENT_MS } from './sessionPolicy';
import { STAFF_SERVICE_MESSAGES, staffInvitationBudgets, staffInvitationIdHash, type StaffDeps, type StaffMember } from './staffService';
import { findPasswordStep, openStaffSession, staffGuessBudgets } from './staffSignIn';

export const STAFF_PASSKEY_MESSAGES = {
  enrolmentClosed:
    'A passkey can be added on this page only within 15 minutes of setting up the account. You can sign in with your authenticator app.',
  registrationRefused:
    'The passkey could not be added: its request was already answered, has expired or was not signed as asked. Please try again.',
  alreadyAdded: 'This passkey is already added to a staff account.',
  added: 'Your passkey was added. When you sign in, you can use it instead of a code.',
  noPasskey: 'This account has no passkey. Please enter the code your authenticator app shows, or one of your recovery codes.',
  signInRefused: 'This passkey was not accepted. Please try again, or enter the code your authenticator app shows.',
} as const;

type RegistrationAnswer = v.InferOutput<typeof staffPasskeyRegistrationSchema>['response'];
type SignInAnswer = v.InferOutput<typeof staffPasskeySignInSchema>['response'];

/** How long the browser shows its passkey prompt before giving up. */
const PROMPT_TIMEOUT_MS = 2 * 60 * 1000;

/**
 * Passkeys (WebAuthn), a staff account's optional second factor besides the authenticator app.
 * One is added on the invitation page just after the account was set up (the accepted link is
 * what proves who is asking), and used at a sign-in after the password, in place of a code. Each
 * challenge is kept on the server, bound to that link or that password step, answered once and
 * only within minutes. The relying party is the server's public address (its host and origin).
 */
export function createStaffPasskeys(deps: Omit<StaffDeps, 'mailer' | 'totp'>) {
  const { db, throttle, clock } = deps;
  const publicUrl = new URL(deps.publicUrl);
  const rpID = publicUrl.hostname;
  const origin = publicUrl.origin;
  /** The user handle an authenticator keeps with the passkey: stable per account, and not its number. */
  const userHandle = (staffId: number) => new TextEncoder().encode(keyedHash(deps.secret, 'staff-passkey-user', String(staffId)));

  /** The account an invitation accepted minutes ago; a wrong or stale link spends the client's link budget. */
  const acceptedInvitation = (id: string, client: string) => {
    const budgets = staffInvitationBudgets(client);
    throttle.spendAll(budgets);
    const idHash = staffInvitationIdHash(deps.secret, id);
    const accepted = findAcceptedInvitation(db, idHash, clock.now() - STAFF_PASSKEY_ENROLMENT_MS);
    if (!accepted) throw badRequest(STAFF_PASSKEY_MESSAGES.enrolmentClosed);
    return { idHash, budgets, ...accepted };
  };

  const passwordStep = (idHash: string | undefined) => {
    const pending = findPasswordStep(db, idHash, clock.now());
    if (!idHash || !pending) throw new HttpError(401, STAFF_SERVICE_MESSAGES.signInExpired);
    return { idHash, pending };
  };

  return {
    /** What the browser needs to create a passkey for the account an invitation just accepted. */
    async registrationOptions(id: string, client: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const { idHash, budgets, staffId, email } = acceptedInvitation(id, client);
      throttle.refund(budgets);
      const options = await generateRegistrationOptions({
        rpName: `${deps.collegeName} admissions office`,
        rpID,
        userName: email,
        userID: userHandle(staffId),
        timeout: PROMPT_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: listStaffPasskeys(db, staffId).map((passkey) => ({
          id: passkey.credential_id,
          transports: JSON.parse(passkey.transports) as string[],
        })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      const now = clock.now();
      putPasskeyChallenge(
        db,
        { challenge: options.challenge, purpose: 'registration', boundTo: idHash, staffId, expiresAt: now + STAFF_PASSKEY_CHALLENGE_MS },
        now,
      );
      return options;
    },

    /** Checks the new passkey against the challenge it was made for (spent now) and adds it to the account. */
    async register(id: string, answer: RegistrationAnswer, client: string): Promise<{ message: string }> {
      const { idHash, budgets, staffId } = acceptedInvitation(id, client);
      const challenge = takePasskeyChallenge(db, idHash, 'registration', clock.now());
      if (!challenge || challenge.staffId !== staffId) throw badRequest(STAFF_PASSKEY_MESSAGES.registrationRefused);
      const verification = await verifyRegistrationResponse({
        response: { ...answer, clientExtensionResults: {} },
        expectedChallenge: challenge.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        // The password already proved who signs in: a passkey is the second factor, its PIN or fingerprint optional.
        requireUserVerification: false,
      }).catch(() => undefined);
      if (!verification?.verified) throw badRequest(STAFF_PASSKEY_MESSAGES.registrationRefused);
      const { credential } = verification.registrationInfo;
      const added = addStaffPasskey(
        db,
        {
          credentialId: credential.id,
          staffId,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: answer.response.transports,
        },
        clock.now(),
      );
      if (!added) throw new HttpError(409, STAFF_PASSKEY_MESSAGES.alreadyAdded);
      throttle.refund(budgets);
      return { message: STAFF_PASSKEY_MESSAGES.added };
    },

    /** What the browser needs to sign with one of the account's passkeys, once its password was given. */
    async signInOptions(passwordStepIdHash: string | undefined): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const { idHash, pending } = passwordStep(passwordStepIdHash);
      const passkeys = listStaffPasskeys(db, pending.staff_id);
      if (passkeys.length === 0) throw new HttpError(409, STAFF_PASSKEY_MESSAGES.noPasskey);
      const options = await generateAuthenticationOptions({
        rpID,
        timeout: PROMPT_TIMEOUT_MS,
        userVerification: 'preferred',
        allowCredentials: passkeys.map((passkey) => ({
          id: passkey.credential_id,
          transports: JSON.parse(passkey.transports) as string[],
        })),
      });
      const now = clock.now();
      putPasskeyChallenge(
        db,
        {
          challenge: options.challenge,
          purpose: 'authentication',
          boundTo: idHash,
          staffId: pending.staff_id,
          expiresAt: Math.min(now + STAFF_PASSKEY_CHALLENGE_MS, pending.expires_at),
        },
        now,
      );
      return options;
    },

    /**
     * The second step by a passkey: a signature of the password step's challenge (spent now) by one
     * of the account's passkeys, its counter past the one stored. It opens the staff session as a code
     * does; a refusal spends the account's guess budgets and is logged as a failed sign-in.
     */
    async signIn(
      passwordStepIdHash: string | undefined,
      answer: SignInAnswer,
      client: string,
    ): Promise<{ sessionId: string; message: string } & StaffMember> {
      const { idHash, pending } = passwordStep(passwordStepIdHash);
      const budgets = staffGuessBudgets(pending.email, client);
      throttle.spendAll(budgets);
      const now = clock.now();
      const challenge = takePasskeyChallenge(db, idHash, 'authentication', now);
      const passkey = findStaffPasskey(db, pending.staff_id, answer.id);
      const verification =
        challenge && passkey
          ? await verifyAuthenticationResponse({
              response: { ...answer, clientExtensionResults: {} },
              expectedChallenge: challenge.challenge,
              expectedOrigin: origin,
              expectedRPID: rpID,
              credential: { id: passkey.credential_id, publicKey: new Uint8Array(passkey.public_key), counter: passkey.counter },
              requireUserVerification: false,
            }).catch(() => undefined)
          : undefined;
      const used =
        passkey && verification?.verified
          ? recordPasskeyUse(db, passkey.credential_id, passkey.counter, verification.authenticationInfo.newCounter, now)
          : false;
      if (!used) {
        appendAccess(db, { kind: 'sign_in_failed', staffId: pending.staff_id, client, detail: 'passkey' }, now);
        throw badRequest(STAFF_PASSKEY_MESSAGES.signInRefused);
      }
      throttle.refund(budgets);
      appendAccess(db, { kind: 'sign_in', staffId: pending.staff_id, client, detail: 'passkey' }, now);
      return {
        sessionId: openStaffSession(deps, pending.staff_id, 'signed_in', idHash),
        message: STAFF_SERVICE_MESSAGES.signedIn,
        email: pending.email,
        role: pending.role,
      };
    },
  };
}

export type StaffPasskeys = ReturnType<typeof createStaffPasskeys>;
