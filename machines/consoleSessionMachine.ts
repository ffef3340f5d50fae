import * as v from 'valibot';
import { assertEvent, assign, enqueueActions, fromPromise, sendParent, setup } from 'xstate';
import { consoleApplicationId } from '../src/catalogue/http';
import { firstIssueMessages } from '../src/catalogue/schema/issues';
import { staffLoginSchema, staffSecondFactorSchema } from '../src/catalogue/schema/staff';
import { consoleApi, type StaffMember } from './api/consoleEndpoints';
import { GENERIC_ERROR_MESSAGE } from './api/httpClient';
import { consoleApplicationMachine } from './consoleApplicationMachine';
import { consoleEvaluationMachine } from './consoleEvaluationMachine';
import { consoleQueueMachine } from './consoleQueueMachine';
import { consoleReleasesMachine } from './consoleReleasesMachine';
import { consoleAccessLogMachine } from './consoleAccessLogMachine';
import { consoleAccountsMachine } from './consoleAccountsMachine';
import { consoleExportMachine } from './consoleExportMachine';
import { consoleDashboardMachine } from './consoleDashboardMachine';
import { consoleListMachine } from './consoleListMachine';
import { inactivityMachine } from './inactivityMachine';
import { signWithPasskey } from './api/passkeys';
import { errorMessage, unauthorisedError } from './siblings';

/** What the console says of a session, beside what the server says. */
export const CONSOLE_SESSION_MESSAGES = {
  signedOut: 'You have been signed out.',
  signInAgain: 'Your session has ended. Please sign in again.',
  idle: 'You have been signed out after 15 minutes without activity. Please sign in again.',
} as const;

export type ConsoleSessionEvent =
  | { type: 'console.signIn'; email: string; password: string }
  | { type: 'console.code'; code: string }
  /** The second step by a passkey of the account, in place of the code. */
  | { type: 'console.passkey' }
  /** Back from the code to the e-mail and password (another account, a mistyped address). */
  | { type: 'console.restart' }
  | { type: 'console.signOut' }
  /** Any console call answered 401: the session ended on the server (idle, 8 hours, deactivated). */
  | { type: 'console.unauthorised' }
  /** 15 minutes without activity, the 'Still working?' question unanswered: signed out, and told why. */
  | { type: 'console.idle' }
  /** The router reached an address: an application's page runs its actor while it is shown. */
  | { type: 'console.located'; pathname: string }
  | { type: 'console.retry' };

interface ConsoleSessionContext {
  staff: StaffMember | null;
  /** The address typed at the first step: shown at the second, kept for a restart. */
  email: string;
  /** Each field's message from the shared schema, before any call. */
  fieldErrors: Record<string, string>;
  /** What the server said (a refused password or code), or why the console signed out. */
  message: string | null;
  /** What the sign-in page says once a sign-out under way has ended: signed out, or signed out for inactivity. */
  farewell: string;
  /** The application whose page is shown, by its id: its actor runs while it is. */
  shownApplication: number | null;
}

const refusal = ({ event }: { event: { error: unknown } }) => ({ message: errorMessage(event.error, GENERIC_ERROR_MESSAGE) });

/**
 * The applicants' inactivity actor, told to answer to this session: 'Still working?' after 14
 * minutes without activity, signed out after 15. Continue asks who is signed in, which keeps
 * the server's staff session (idle after the same 15 minutes) alive.
 */
export const consoleInactivity = inactivityMachine.provide({
  actors: { touchSession: fromPromise<unknown>(({ signal }) => consoleApi.me(signal)) },
  actions: {
    requestLogout: sendParent({ type: 'console.idle' }),
    requestChosenLogout: sendParent({ type: 'console.signOut' }),
    reportUnauthorised: sendParent({ type: 'console.unauthorised' }),
  },
});

/**
 * The staff member's session in the console: who is signed in, and the two steps of a sign-in
 * (e-mail and password, then the authenticator's code, a recovery code or a passkey). The staff cookie is
 * the server's: this actor asks who it signs in at its start, and hears of its end from any call
 * answered 401. Each step's fields are checked first with the schema the server checks them with.
 */
export const consoleSessionMachine = setup({
  types: {
    context: {} as ConsoleSessionContext,
    events: {} as ConsoleSessionEvent,
    children: {} as {
      loadMe: 'loadMe';
      signIn: 'signIn';
      secondFactor: 'secondFactor';
      signOut: 'signOut';
      inactivity: 'inactivity';
      consoleList: 'consoleList';
      consoleApplication: 'consoleApplication';
      consoleEvaluation: 'consoleEvaluation';
      consoleDashboard: 'consoleDashboard';
      consoleAccessLog: 'consoleAccessLog';
      consoleAccounts: 'consoleAccounts';
      consoleExport: 'consoleExport';
      consoleReleases: 'consoleReleases';
      consoleQueue: 'consoleQueue';
    },
  },
  actors: {
    loadMe: fromPromise<StaffMember>(({ signal }) => consoleApi.me(signal)),
    signIn: fromPromise<unknown, { email: string; password: string }>(({ input, signal }) =>
      consoleApi.signIn(input.email, input.password, signal),
    ),
    secondFactor: fromPromise<StaffMember, { code: string }>(({ input, signal }) => consoleApi.secondFactor(input.code, signal)),
    /** The server's challenge, the browser's signature with a passkey, and the server's check of it. */
    passkeySignIn: fromPromise<StaffMember>(async ({ signal }) => {
      const options = await consoleApi.passkeySignInOptions(signal);
      const signature = await signWithPasskey(options, signal);
      return consoleApi.passkeySignIn(signature, signal);
    }),
    signOut: fromPromise<unknown>(({ signal }) => consoleApi.signOut(signal)),
    inactivity: consoleInactivity,
    consoleList: consoleListMachine,
    consoleApplication: consoleApplicationMachine,
    consoleEvaluation: consoleEvaluationMachine,
    consoleDashboard: consoleDashboardMachine,
    consoleAccessLog: consoleAccessLogMachine,
    consoleAccounts: consoleAccountsMachine,
    consoleExport: consoleExportMachine,
    consoleReleases: consoleReleasesMachine,
    consoleQueue: consoleQueueMachine,
  },
  guards: {
    loginValid: ({ event }) => {
      assertEvent(event, 'console.signIn');
      return v.safeParse(staffLoginSchema, { email: event.email, password: event.password }).success;
    },
    codeValid: ({ event }) => {
      assertEvent(event, 'console.code');
      return v.safeParse(staffSecondFactorSchema, { code: event.code }).success;
    },
    unauthorised: unauthorisedError,
  },
  actions: {
    keepStaff: assign({ staff: (_, staff: StaffMember) => ({ email: staff.email, role: staff.role }), message: null }),
    forgetStaff: assign({ staff: null }),
    keepEmail: assign(({ event }) => {
      assertEvent(event, 'console.signIn');
      return { email: event.email, fieldErrors: {}, message: null };
    }),
    refuseLogin: assign(({ event }) => {
      assertEvent(event, 'console.signIn');
      return {
        email: event.email,
        message: null,
        fieldErrors: firstIssueMessages(v.safeParse(staffLoginSchema, { email: event.email, password: event.password })),
      };
    }),
    refuseCode: assign(({ event }) => {
      assertEvent(event, 'console.code');
      return { message: null, fieldErrors: firstIssueMessages(v.safeParse(staffSecondFactorSchema, { code: event.code })) };
    }),
    clearErrors: assign({ fieldErrors: {}, message: null }),
    say: assign({ message: (_, params: { message: string }) => params.message }),
    bidFarewell: assign({ farewell: (_, params: { message: string }) => params.message }),
    sayFarewell: assign({ message: ({ context }) => context.farewell }),
    /**
     * An application's page shown: its actors (the application, and its reviews, notes and
     * decision as the signed-in role may see them), new ones for another application; none elsewhere.
     */
    followLocation: enqueueActions(({ context, enqueue }, { pathname }: { pathname: string }) => {
      const id = consoleApplicationId(pathname);
      if (id === context.shownApplication) return;
      if (context.shownApplication !== null) {
        enqueue.stopChild('consoleApplication');
        enqueue.stopChild('consoleEvaluation');
      }
      if (id !== null) {
        enqueue.spawnChild('consoleApplication', { id: 'consoleApplication', input: { id } });
        if (context.staff) enqueue.spawnChild('consoleEvaluation', { id: 'consoleEvaluation', input: { id, role: context.staff.role } });
      }
      enqueue.assign({ shownApplication: id });
    }),
    forgetApplication: enqueueActions(({ context, enqueue }) => {
      if (context.shownApplication === null) return;
      enqueue.stopChild('consoleApplication');
      enqueue.stopChild('consoleEvaluation');
      enqueue.assign({ shownApplication: null });
    }),
  },
}).createMachine({
  id: 'consoleSession',
  context: { staff: null, email: '', fieldErrors: {}, message: null, farewell: CONSOLE_SESSION_MESSAGES.signedOut, shownApplication: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'loadMe',
        src: 'loadMe',
        onDone: { target: 'signedIn', actions: { type: 'keepStaff', params: ({ event }) => event.output } },
        onError: [
          { guard: 'unauthorised', target: 'signedOut' },
          { target: 'failed', actions: { type: 'say', params: refusal } },
        ],
      },
    },
    /** The console could not ask the server who is signed in: the page says so and offers a retry. */
    failed: { on: { 'console.retry': { target: 'checking', actions: 'clearErrors' } } },
    signedOut: {
      initial: 'password',
      entry: 'forgetStaff',
      states: {
        password: {
          on: {
            'console.signIn': [{ guard: 'loginValid', target: 'checkingPassword', actions: 'keepEmail' }, { actions: 'refuseLogin' }],
          },
        },
        checkingPassword: {
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ event }) => {
              assertEvent(event, 'console.signIn');
              return { email: event.email, password: event.password };
            },
            onDone: 'code',
            onError: { target: 'password', actions: { type: 'say', params: refusal } },
          },
        },
        code: {
          on: {
            'console.code': [{ guard: 'codeValid', target: 'checkingCode', actions: 'clearErrors' }, { actions: 'refuseCode' }],
            'console.passkey': { target: 'checkingPasskey', actions: 'clearErrors' },
            'console.restart': { target: 'password', actions: 'clearErrors' },
          },
        },
        checkingPasskey: {
          invoke: {
            id: 'passkeySignIn',
            src: 'passkeySignIn',
            onDone: { target: '#consoleSession.signedIn', actions: { type: 'keepStaff', params: ({ event }) => event.output } },
            onError: [
              { guard: 'unauthorised', target: 'password', actions: { type: 'say', params: refusal } },
              // Cancelled, refused, or no passkey on the account: the code step stays, with why.
              { target: 'code', actions: { type: 'say', params: refusal } },
            ],
          },
        },
        checkingCode: {
          invoke: {
            id: 'secondFactor',
            src: 'secondFactor',
            input: ({ event }) => {
              assertEvent(event, 'console.code');
              return { code: event.code };
            },
            onDone: {
              target: '#consoleSession.signedIn',
              actions: { type: 'keepStaff', params: ({ event }) => event.output },
            },
            onError: [
              // The time to enter the code passed, or the password step was not taken: from the start.
              { guard: 'unauthorised', target: 'password', actions: { type: 'say', params: refusal } },
              { target: 'code', actions: { type: 'say', params: refusal } },
            ],
          },
        },
      },
    },
    /** A staff member is signed in: the list, the dashboard and the page of an application are theirs until the session ends. */
    signedIn: {
      initial: 'active',
      exit: 'forgetApplication',
      invoke: [
        { id: 'consoleList', systemId: 'consoleList', src: 'consoleList', input: ({ context }) => ({ staff: context.staff! }) },
        // The dashboard reads its figures each time its page opens; nothing read for one staff member outlives their session.
        { id: 'consoleDashboard', systemId: 'consoleDashboard', src: 'consoleDashboard' },
        // The access log's query lives in the address, as the list's does; only admins' pages load it.
        { id: 'consoleAccessLog', systemId: 'consoleAccessLog', src: 'consoleAccessLog' },
        // The staff accounts are read each time their page opens, as the dashboard's figures are.
        { id: 'consoleAccounts', systemId: 'consoleAccounts', src: 'consoleAccounts' },
        // An admin's export of the filtered list, from a dialog on the list.
        { id: 'consoleExport', systemId: 'consoleExport', src: 'consoleExport' },
        // The review queue, read each time its page opens.
        { id: 'consoleQueue', systemId: 'consoleQueue', src: 'consoleQueue' },
        // The decision releases: read each time their page opens, followed while one goes out.
        {
          id: 'consoleReleases',
          systemId: 'consoleReleases',
          src: 'consoleReleases',
          input: ({ context }) => ({ email: context.staff!.email }),
        },
      ],
      on: {
        'console.located': { actions: { type: 'followLocation', params: ({ event }) => ({ pathname: event.pathname }) } },
        'console.unauthorised': {
          target: 'signedOut',
          actions: { type: 'say', params: { message: CONSOLE_SESSION_MESSAGES.signInAgain } },
        },
      },
      states: {
        active: {
          invoke: { id: 'inactivity', src: 'inactivity' },
          on: {
            'console.signOut': {
              target: 'signingOut',
              actions: { type: 'bidFarewell', params: { message: CONSOLE_SESSION_MESSAGES.signedOut } },
            },
            'console.idle': {
              target: 'signingOut',
              actions: { type: 'bidFarewell', params: { message: CONSOLE_SESSION_MESSAGES.idle } },
            },
          },
        },
        signingOut: {
          invoke: {
            id: 'signOut',
            src: 'signOut',
            onDone: { target: '#consoleSession.signedOut', actions: 'sayFarewell' },
            // The cookie may still sign in: the console stays signed in and says the sign-out failed.
            onError: { target: 'active', actions: { type: 'say', params: refusal } },
          },
        },
      },
    },
  },
});
