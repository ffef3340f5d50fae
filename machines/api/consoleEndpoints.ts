import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import * as v from 'valibot';
import { callApi } from './httpClient';
import { MessageSchema } from './responses';

/** The admissions office's console: its calls and the shapes of their answers. */

const StaffRoleSchema = v.picklist(['reader', 'admin']);
/** Who is signed in to the console. */
const StaffMemberSchema = v.looseObject({ email: v.string(), role: StaffRoleSchema });
export type StaffMember = v.InferOutput<typeof StaffMemberSchema>;

const SignedInSchema = v.looseObject({ ...StaffMemberSchema.entries, message: v.optional(v.string(), '') });

/** What an invitation's authenticator step shows: the QR code, the URI it holds, the key to type by hand. */
const TotpSetupSchema = v.looseObject({ otpauth_uri: v.string(), setup_key: v.string(), qr_svg: v.string() });
export type TotpSetup = v.InferOutput<typeof TotpSetupSchema>;
const AcceptedSchema = v.looseObject({ ...StaffMemberSchema.entries, message: v.string(), recovery_codes: v.array(v.string()) });
export type Accepted = v.InferOutput<typeof AcceptedSchema>;

/** The server's passkey options, handed to the browser as they are: the browser checks them itself. */
const hasChallenge = (value: unknown) =>
  typeof value === 'object' && value !== null && 'challenge' in value && typeof value.challenge === 'string';
const CreationOptionsSchema = v.custom<PublicKeyCredentialCreationOptionsJSON>(hasChallenge);
const RequestOptionsSchema = v.custom<PublicKeyCredentialRequestOptionsJSON>(hasChallenge);

export const consoleApi = {
  /** The staff member the staff cookie signs in; 401 when none. */
  me: (signal?: AbortSignal) => callApi('get', '/api/staff/me', StaffMemberSchema, { signal }),
  /** The first step of a sign-in: the staff cookie now waits for the second factor. */
  signIn: (email: string, password: string, signal?: AbortSignal) =>
    callApi('post', '/public/staff/login', MessageSchema, { json: { email, password }, signal }),
  /** The authenticator's code, or a recovery code. */
  secondFactor: (code: string, signal?: AbortSignal) =>
    callApi('post', '/public/staff/login/code', SignedInSchema, { json: { code }, signal }),
  /** What the browser needs to sign with one of the account's passkeys, after the password step. */
  passkeySignInOptions: (signal?: AbortSignal) =>
    callApi('post', '/public/staff/login/passkey/options', RequestOptionsSchema, { json: {}, signal }),
  /** The passkey's signature, in place of a code. */
  passkeySignIn: (response: AuthenticationResponseJSON, signal?: AbortSignal) =>
    callApi('post', '/public/staff/login/passkey', SignedInSchema, { json: { response }, signal }),
  signOut: (signal?: AbortSignal) => callApi('post', '/api/staff/logout', MessageSchema, { json: {}, signal }),
  /** Whom an invitation is for; refused once used or expired. */
  invitation: (id: string, signal?: AbortSignal) =>
    callApi('get', '/public/staff/invitation', StaffMemberSchema, { searchParams: { id }, signal }),
  choosePassword: (id: string, password: string, signal?: AbortSignal) =>
    callApi('post', '/public/staff/invitation/password', TotpSetupSchema, { json: { id, password }, signal }),
  confirmTotp: (id: string, code: string, signal?: AbortSignal) =>
    callApi('post', '/public/staff/invitation/totp', AcceptedSchema, { json: { id, code }, signal }),
  /** What the browser needs to make a passkey, once the invitation was accepted. */
  passkeyOptions: (id: string, signal?: AbortSignal) =>
    callApi('post', '/public/staff/invitation/passkey/options', CreationOptionsSchema, { json: { id }, signal }),
  addPasskey: (id: string, response: RegistrationResponseJSON, signal?: AbortSignal) =>
    callApi('post', '/public/staff/invitation/passkey', MessageSchema, { json: { id, response }, signal }),
};
