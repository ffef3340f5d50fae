/**
 * The staff calls: invitations, sign-in with a second factor, and the admins' account calls.
 * Addresses and new passwords follow the applicants' rules (./account.ts), written once there.
 */
import * as v from 'valibot';
import { ACCOUNT_MESSAGES, RESET_ID_PATTERN, loginSchema, newPassword, username } from './account';

/** In rising order of what each may do: a reviewer also reviews, an admin also decides and manages. */
export const STAFF_ROLES = ['reader', 'reviewer', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Letters and digits that cannot be mistaken for each other (no i, l, o, 0, 1). */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Two groups of five: 50 random bits, typed in with or without the hyphen. */
export const RECOVERY_CODE_GROUP = 5;
const RECOVERY_CODE_PATTERN = new RegExp(
  `^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_GROUP}}-[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_GROUP}}$`,
);
const TOTP_CODE_PATTERN = /^\d{6}$/;

export const STAFF_MESSAGES = {
  roleInvalid: 'The role must be reader, reviewer or admin.',
  invitationInvalid:
    'This invitation link is invalid, has expired or was already used. Please ask an admin of the admissions office for a new one.',
  totpCodeInvalid: 'Enter the 6-digit code your authenticator app shows.',
  secondFactorInvalid: 'Enter the 6-digit code your authenticator app shows, or one of your recovery codes.',
  accountInvalid: 'This staff account does not exist.',
  passkeyUnreadable: 'The browser sent a passkey answer the console cannot read. Please try again, or enter a code.',
} as const;

const invitationId = v.pipe(v.string(STAFF_MESSAGES.invitationInvalid), v.regex(RESET_ID_PATTERN, STAFF_MESSAGES.invitationInvalid));
const role = v.picklist(STAFF_ROLES, STAFF_MESSAGES.roleInvalid);
const email = username(ACCOUNT_MESSAGES.loginUsernameInvalid);
/** Codes are often typed with spaces, or pasted with them. */
const typedCode = (message: string) =>
  v.pipe(
    v.string(message),
    v.transform((value) => value.replace(/\s+/g, '').toLowerCase()),
  );

/** A recovery code as stored: lower-case, its two groups joined by a hyphen. */
function recoveryCodeForm(value: string): string {
  const bare = value.replace(/-/g, '');
  return bare.length === 2 * RECOVERY_CODE_GROUP ? `${bare.slice(0, RECOVERY_CODE_GROUP)}-${bare.slice(RECOVERY_CODE_GROUP)}` : value;
}

export const staffInviteSchema = v.object({ email, role });

export const staffInvitationQuery = v.object({ id: invitationId });

export const staffPasswordSchema = v.object({ id: invitationId, password: newPassword() });

export const staffTotpSetupSchema = v.object({
  id: invitationId,
  code: v.pipe(typedCode(STAFF_MESSAGES.totpCodeInvalid), v.regex(TOTP_CODE_PATTERN, STAFF_MESSAGES.totpCodeInvalid)),
});

export const staffLoginSchema = v.object({ email, password: loginSchema.entries.password });

/** The second step of a sign-in: the authenticator's code, or a recovery code. */
export const staffSecondFactorSchema = v.object({
  code: v.pipe(
    typedCode(STAFF_MESSAGES.secondFactorInvalid),
    v.transform((value) => (TOTP_CODE_PATTERN.test(value) ? value : recoveryCodeForm(value))),
    v.check((value) => TOTP_CODE_PATTERN.test(value) || RECOVERY_CODE_PATTERN.test(value), STAFF_MESSAGES.secondFactorInvalid),
  ),
});

const staffId = v.pipe(
  v.string(STAFF_MESSAGES.accountInvalid),
  v.regex(/^[1-9]\d{0,14}$/, STAFF_MESSAGES.accountInvalid),
  v.transform(Number),
);

export const staffAccountPath = v.object({ id: staffId });

export const staffRoleSchema = v.object({ id: staffId, role });

/** What an identity provider may send back to the single sign-on's return address; openid-client checks each value's meaning. */
const providerValue = v.optional(v.pipe(v.string(), v.maxLength(4096)));
export const staffSsoCallbackQuery = v.looseObject({
  code: providerValue,
  state: providerValue,
  iss: providerValue,
  error: providerValue,
  error_description: providerValue,
});

/** How a passkey's authenticator is reached, as browsers name it; a name not known here is left out. */
const PASSKEY_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
export type PasskeyTransport = (typeof PASSKEY_TRANSPORTS)[number];
const isPasskeyTransport = (value: string): value is PasskeyTransport => (PASSKEY_TRANSPORTS as readonly string[]).includes(value);

/** The binary parts of a passkey's answer, base64url as the browser library sends them; a few kilobytes at most. */
const base64url = v.pipe(
  v.string(STAFF_MESSAGES.passkeyUnreadable),
  v.regex(/^[A-Za-z0-9_-]+={0,2}$/, STAFF_MESSAGES.passkeyUnreadable),
  v.maxLength(4096, STAFF_MESSAGES.passkeyUnreadable),
);
const passkeyCredential = {
  id: base64url,
  rawId: base64url,
  type: v.literal('public-key', STAFF_MESSAGES.passkeyUnreadable),
};

/** The invitation page asks to add a passkey, by the link it was opened with. */
export const staffPasskeyOptionsSchema = v.object({ id: invitationId });

/** A new passkey's answer (navigator.credentials.create), for the account the invitation accepted. */
export const staffPasskeyRegistrationSchema = v.object({
  id: invitationId,
  response: v.object(
    {
      ...passkeyCredential,
      response: v.object(
        {
          clientDataJSON: base64url,
          attestationObject: base64url,
          transports: v.optional(
            v.pipe(
              v.array(v.string(STAFF_MESSAGES.passkeyUnreadable), STAFF_MESSAGES.passkeyUnreadable),
              v.transform((names) => names.filter(isPasskeyTransport)),
            ),
            [],
          ),
        },
        STAFF_MESSAGES.passkeyUnreadable,
      ),
    },
    STAFF_MESSAGES.passkeyUnreadable,
  ),
});

/** The second step of a sign-in by a passkey: its signed answer (navigator.credentials.get). */
export const staffPasskeySignInSchema = v.object({
  response: v.object(
    {
      ...passkeyCredential,
      response: v.object(
        {
          clientDataJSON: base64url,
          authenticatorData: base64url,
          signature: base64url,
          userHandle: v.optional(base64url),
        },
        STAFF_MESSAGES.passkeyUnreadable,
      ),
    },
    STAFF_MESSAGES.passkeyUnreadable,
  ),
});
