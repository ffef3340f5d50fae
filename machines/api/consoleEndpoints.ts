import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import * as v from 'valibot';
import { STAFF_ROLES, type StaffRole } from '../../src/catalogue/schema/staff';
import { APPLICATION_STATUSES } from '../../src/catalogue/schema/staffApplications';
import { StaffDashboardSchema } from '../../src/catalogue/schema/staffDashboard';
import { callApi, callApiFile } from './httpClient';
import { MessageSchema, ServiceDataSchema } from './responses';

/** The admissions office's console: its calls and the shapes of their answers. */

const StaffRoleSchema = v.picklist(STAFF_ROLES);
/** Who is signed in to the console. */
const StaffMemberSchema = v.looseObject({ email: v.string(), role: StaffRoleSchema });
export type StaffMember = v.InferOutput<typeof StaffMemberSchema>;

const SignedInSchema = v.looseObject({ ...StaffMemberSchema.entries, message: v.optional(v.string(), '') });

/** What an invitation's authenticator step shows: the QR code, the URI it holds, the key to type by hand. */
const TotpSetupSchema = v.looseObject({ otpauth_uri: v.string(), setup_key: v.string(), qr_svg: v.string() });
export type TotpSetup = v.InferOutput<typeof TotpSetupSchema>;
const AcceptedSchema = v.looseObject({ ...StaffMemberSchema.entries, message: v.string(), recovery_codes: v.array(v.string()) });
export type Accepted = v.InferOutput<typeof AcceptedSchema>;

const ApplicationStatusSchema = v.picklist(APPLICATION_STATUSES);
/** One application as the list and its page name it. */
const ApplicationSummarySchema = v.looseObject({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  reference: v.nullable(v.string()),
  status: ApplicationStatusSchema,
  /** The title of the last step the applicant opened; null before any. */
  step: v.nullable(v.string()),
  last_change: v.string(),
  submitted_at: v.nullable(v.string()),
  reviews: v.number(),
  flagged: v.boolean(),
  decision: v.nullable(v.string()),
  released: v.boolean(),
});
export type ApplicationSummary = v.InferOutput<typeof ApplicationSummarySchema>;
/** One entry of an application's access history: who did what to it, when, from where. */
const AccessEntrySchema = v.looseObject({
  created_at: v.string(),
  staff_email: v.nullable(v.string()),
  kind: v.string(),
  client: v.string(),
});
export type AccessEntry = v.InferOutput<typeof AccessEntrySchema>;
/** Where an application's PDF copy stands: being made, there to download, failed, or nothing to print yet. */
const PdfCopyStateSchema = v.looseObject({
  status: v.picklist(['unprocessed', 'in progress', 'completed', 'failed', 'not answered']),
  available: v.boolean(),
  message: v.optional(v.string(), ''),
});
export type PdfCopyState = v.InferOutput<typeof PdfCopyStateSchema>;
/**
 * One application for its console page: its summary, its staff copy (the answers as staff read
 * them, sensitive ones masked; the groups' counts, the documents, the tabs) and its access history.
 */
const StaffApplicationSchema = v.looseObject({
  ...ServiceDataSchema.entries,
  application: ApplicationSummarySchema,
  pdf_copy: PdfCopyStateSchema,
  history: v.array(AccessEntrySchema),
});
export type StaffApplication = v.InferOutput<typeof StaffApplicationSchema>;
const SharedLinkSchema = v.looseObject({ url: v.string(), expires_at: v.optional(v.nullable(v.string()), null) });
export type SharedLink = v.InferOutput<typeof SharedLinkSchema>;
/** One page of the list, with the counts per status of the same search and dates. */
const ApplicationListSchema = v.looseObject({
  applications: v.array(ApplicationSummarySchema),
  counts: v.object({ account_only: v.number(), started: v.number(), missing_information: v.number(), submitted: v.number() }),
  total: v.number(),
  page: v.number(),
  page_size: v.number(),
  decision_codes: v.array(v.looseObject({ code: v.string(), label: v.string() })),
});
export type ApplicationList = v.InferOutput<typeof ApplicationListSchema>;

/** Whether staff may sign in with their college account, and why this browser's last such sign-in was refused. */
const SingleSignOnSchema = v.looseObject({ enabled: v.boolean(), refusal: v.nullable(v.string()) });
export type SingleSignOn = v.InferOutput<typeof SingleSignOnSchema>;

/** Where the browser goes to sign in with the college's identity provider (a page, not a call). */
export const SINGLE_SIGN_ON_START = '/public/staff/sso/start';
/** The server's passkey options, handed to the browser as they are: the browser checks them itself. */
const hasChallenge = (value: unknown) =>
  typeof value === 'object' && value !== null && 'challenge' in value && typeof value.challenge === 'string';
const CreationOptionsSchema = v.custom<PublicKeyCredentialCreationOptionsJSON>(hasChallenge);
const RequestOptionsSchema = v.custom<PublicKeyCredentialRequestOptionsJSON>(hasChallenge);

/** One page of the access log, newest first, with how many entries the filters find. */
const AccessLogPageSchema = v.looseObject({
  entries: v.array(
    v.looseObject({
      id: v.number(),
      created_at: v.string(),
      staff_id: v.nullable(v.number()),
      staff_email: v.nullable(v.string()),
      kind: v.string(),
      client: v.string(),
      application_id: v.nullable(v.number()),
      applicant_email: v.nullable(v.string()),
      count: v.nullable(v.number()),
      detail: v.nullable(v.string()),
    }),
  ),
  total: v.number(),
  page: v.number(),
  page_size: v.number(),
});
export type AccessLogPage = v.InferOutput<typeof AccessLogPageSchema>;
/** The staff accounts, deactivated ones included, as admins list them. */
const StaffAccountsSchema = v.looseObject({
  accounts: v.array(
    v.looseObject({
      id: v.number(),
      email: v.string(),
      role: StaffRoleSchema,
      status: v.picklist(['invited', 'active', 'deactivated']),
      created_at: v.string(),
      deactivated_at: v.nullable(v.string()),
    }),
  ),
});
export type StaffAccounts = v.InferOutput<typeof StaffAccountsSchema>;

/** A ZIP export's progress: queued, being made (done of total), made, or failed (with why). */
const ZipProgressSchema = v.looseObject({
  state: v.picklist(['queued', 'running', 'done', 'failed']),
  done: v.number(),
  total: v.number(),
  message: v.optional(v.string()),
});
export type ZipProgress = v.InferOutput<typeof ZipProgressSchema>;
const ZipStartedSchema = v.looseObject({ job_id: v.number(), total: v.number() });

/** What an export of the filtered list asks for: the list's filters (its address's, without the page), and the choices. */
export interface FileExportRequest {
  format: 'csv' | 'xlsx' | 'json';
  columns: readonly string[];
  include_sensitive: boolean;
  filters: Record<string, string>;
}

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
  singleSignOn: (signal?: AbortSignal) => callApi('get', '/public/staff/sso', SingleSignOnSchema, { signal }),
  /** Whom an invitation is for; refused once used or expired. */
  invitation: (id: string, signal?: AbortSignal) =>
    callApi('get', '/public/staff/invitation', StaffMemberSchema, { searchParams: { id }, signal }),
  choosePassword: (id: string, password: string, signal?: AbortSignal) =>
    callApi('post', '/public/staff/invitation/password', TotpSetupSchema, { json: { id, password }, signal }),
  confirmTotp: (id: string, code: string, signal?: AbortSignal) =>
    callApi('post', '/public/staff/invitation/totp', AcceptedSchema, { json: { id, code }, signal }),
  /** One page of the list of applications; the parameters are the address's (the list's query). */
  applications: (searchParams: Record<string, string>, signal?: AbortSignal) =>
    callApi('get', '/api/staff/applications', ApplicationListSchema, { searchParams, signal }),
  /** One application, read-only; the server records the view in the access log. */
  application: (id: number, signal?: AbortSignal) => callApi('get', `/api/staff/applications/${id}`, StaffApplicationSchema, { signal }),
  /** Where its PDF copy stands, asked again while it is being made (not a download: nothing is logged). */
  pdfCopyState: (id: number, signal?: AbortSignal) =>
    callApi('get', `/api/staff/applications/${id}/pdf-copy/status`, PdfCopyStateSchema, { signal }),
  /** A read-only staff link to one application, for someone without a console account. */
  shareLink: (id: number, signal?: AbortSignal) =>
    callApi('post', `/api/staff/applications/${id}/share-link`, SharedLinkSchema, { json: {}, signal }),
  /** One page of the access log (admins only); the parameters are the address's. */
  accessLog: (searchParams: Record<string, string>, signal?: AbortSignal) =>
    callApi('get', '/api/staff/access-log', AccessLogPageSchema, { searchParams, signal }),
  /** Every staff account (admins only), deactivated ones included. */
  staffAccounts: (signal?: AbortSignal) => callApi('get', '/api/staff/accounts', StaffAccountsSchema, { signal }),
  /** An invitation e-mailed to a new staff member (admins only). */
  inviteStaff: (email: string, role: StaffRole, signal?: AbortSignal) =>
    callApi('post', '/api/staff/invitations', MessageSchema, { json: { email, role }, signal }),
  changeStaffRole: (id: number, role: StaffRole, signal?: AbortSignal) =>
    callApi('put', `/api/staff/accounts/${id}/role`, MessageSchema, { json: { role }, signal }),
  /** The account stays (the log still names it); its sessions end at once. */
  deactivateStaff: (id: number, signal?: AbortSignal) =>
    callApi('post', `/api/staff/accounts/${id}/deactivate`, MessageSchema, { json: {}, signal }),
  /** A file of exactly the rows the filters show (admins only); sensitive answers in full need the second factor confirmed again. */
  exportFile: (request: FileExportRequest, signal?: AbortSignal) => callApiFile('post', '/api/staff/exports', { json: request, signal }),
  /** The second factor entered again, for the next minutes' exports with sensitive answers. */
  confirmFactor: (code: string, signal?: AbortSignal) => callApi('post', '/api/staff/reauth', MessageSchema, { json: { code }, signal }),
  /** A ZIP of the filtered applications' PDF copies (and documents), made by a job on the server. */
  startZip: (filters: Record<string, string>, includeDocuments: boolean, signal?: AbortSignal) =>
    callApi('post', '/api/staff/exports/zip', ZipStartedSchema, { json: { filters, include_documents: includeDocuments }, signal }),
  zipProgress: (job: number, signal?: AbortSignal) => callApi('get', `/api/staff/exports/zip/${job}`, ZipProgressSchema, { signal }),
  /** The dashboard: the cycle's counts per day, and the applications waiting for a decision. */
  dashboard: (signal?: AbortSignal) => callApi('get', '/api/staff/dashboard', StaffDashboardSchema, { signal }),
  /** What the browser needs to make a passkey, once the invitation was accepted. */
  passkeyOptions: (id: string, signal?: AbortSignal) =>
    callApi('post', '/public/staff/invitation/passkey/options', CreationOptionsSchema, { json: { id }, signal }),
  addPasskey: (id: string, response: RegistrationResponseJSON, signal?: AbortSignal) =>
    callApi('post', '/public/staff/invitation/passkey', MessageSchema, { json: { id, response }, signal }),
};

/** Where the console's pages download an application's PDF copy (the server records each download). */
export const pdfCopyUrl = (id: number) => `/api/staff/applications/${id}/pdf-copy`;

/** Where a made ZIP downloads (the staff session's cookie goes with it; the server records the download). */
export const zipDownloadUrl = (job: number) => `/api/staff/exports/zip/${job}/download`;
