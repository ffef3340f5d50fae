import { DEFAULT_ESSAY_LIMIT } from '../src/catalogue/limits';
import type { Profile, ServiceData } from './api/responses';
import type { ApplicationInput } from './applicationMachine';
import type { RestoreEvent, RootReportEvent, Submission, WebStatus, WebStatusChangedEvent } from './coreEvents';
import type { PublicCollegeConfig } from '../src/college/schema';
import { hasLoginCookie } from './sessionMachine';
import { webStatusFromEntries } from './webStatusMachine';

/*
 * The root machine's context (./appMachine): what the page gave it, the client snapshot, and what
 * was loaded for the session's application until it is spawned.
 */

/** What the page gives the app when it starts. */
export interface AppInput {
  pathname: string;
  search: string;
  /** document.cookie: a login is detected by a cookie the page can read. */
  cookie: string;
}

/** The client snapshot. */
interface ClientSnapshot {
  /** undefined until known (loading). */
  webStatus: WebStatus | undefined;
  lastPage: string | null;
  isLoggedIn: boolean;
  username: string;
  isStaff: boolean;
  numLogins: number;
  hasChangedPage: boolean;
  /** When the application was submitted and its reference number (the server's). */
  submission: Submission;
}

/** What the next application starts with, less what the root adds at its spawn (the essay limit, the web status). */
export type Given = Omit<ApplicationInput, 'essayLimit' | 'webStatus'>;

export interface AppContext extends ClientSnapshot {
  /** The page's query parameters token and service_token. */
  token: string | null;
  serviceToken: string | null;
  /** Where the page started, for the navigation actor. */
  location: { pathname: string; search: string };
  college: PublicCollegeConfig | null;
  error: string | null;
  /** What was loaded for the session's application, until it is spawned with it; null while unknown. */
  given: Given | null;
}

export type AppEvent = WebStatusChangedEvent | RootReportEvent;

export const loggedOut = {
  isLoggedIn: false,
  username: '',
  lastPage: null,
  numLogins: 0,
  hasChangedPage: false,
  webStatus: null,
  submission: null,
};

const submissionOf = (data: { submitted_at?: number | null; reference?: string | null }): Submission =>
  typeof data.submitted_at === 'number' && data.reference ? { submittedAt: data.submitted_at, reference: data.reference } : null;

const staffCopyOf = (data: ServiceData, token: string): Given => ({
  role: 'staff',
  answers: data.answer,
  staff: { access: { serviceToken: token }, counts: data.add_another, tabs: data.tabs, documents: data.document_answer },
});

/** An applicant's profile: the client snapshot, and what the application starts with. */
export const profileContext = (profile: Profile) => ({
  username: profile.username,
  lastPage: profile.last_page,
  numLogins: Math.max(1, profile.successful_login.length),
  webStatus: webStatusFromEntries(profile.web_status),
  submission: submissionOf(profile),
  given: {
    role: 'applicant' as const,
    answers: profile.answer,
    version: profile.answer_version,
    owner: profile.username,
    decision: profile.decision,
  },
});

/** The session's application starts with what was loaded for it, the college's essay limit and the web status. */
export const applicationInput = (context: AppContext, given: Given): ApplicationInput => ({
  ...given,
  essayLimit: context.college?.essayLimit ?? DEFAULT_ESSAY_LIMIT,
  webStatus: context.webStatus ?? null,
});

/** A staff link's copy of an application: its submission, and what the application starts with. */
export const staffContext = (data: ServiceData, token: string) => ({ submission: submissionOf(data), given: staffCopyOf(data, token) });

/** The session actor starts open for an applicant whose login cookie the page read. */
export const sessionInput = ({ context }: { context: AppContext }) => ({ loggedIn: context.isLoggedIn });

/** The navigation actor starts where the page started; a staff link is one for the page's whole life. */
export const navigationInput = ({ context }: { context: AppContext }) => ({ ...context.location, staff: context.serviceToken !== null });

/** The profile's last page, for the navigation actor to go back to. */
export const restoreEvent = ({ context }: { context: AppContext }): RestoreEvent => ({
  type: 'navigation.restore',
  lastPage: context.lastPage,
  hasChangedPage: context.hasChangedPage,
});

/** Who is using the app, read once from the page's address and cookie. */
export function initialContext(input: AppInput): AppContext {
  const query = new URLSearchParams(input.search);
  const serviceToken = query.get('service_token');
  return {
    // A staff link shows someone else's answers: whoever is logged in in this browser does not count.
    ...loggedOut,
    isLoggedIn: serviceToken === null && hasLoginCookie(input.cookie),
    isStaff: serviceToken !== null,
    webStatus: undefined,
    token: query.get('token'),
    serviceToken,
    location: { pathname: input.pathname, search: input.search },
    college: null,
    error: null,
    given: null,
  };
}
