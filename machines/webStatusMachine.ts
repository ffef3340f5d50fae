import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import { WEB_STATUS_RETRIES } from '../src/catalogue/limits';
import { api } from './api/coreEndpoints';
import { WebStatusValueSchema, type WebStatusValue } from './api/responses';
import type { WebStatus, WebStatusChangedEvent } from './coreEvents';
import type { SessionEvent } from './events';
import { sibling, unauthorisedError } from './siblings';
import { SYSTEM_IDS } from './systemIds';

/**
 * Pause before another try of a failed web-status post (retried twice);
 * one second lets a flaky connection recover without the applicant noticing.
 */
export const WEB_STATUS_RETRY_DELAY_MS = 1000;

/** The statuses in the order an application goes through them. */
const STATUS_ORDER = WebStatusValueSchema.options;

/**
 * The status is the count of distinct known entries of the profile — none, one, two
 * or three — not the latest entry, so an unknown or repeated entry cannot move it.
 */
export function webStatusFromEntries(entries: readonly { web_status: string }[]): WebStatus {
  const known = new Set(entries.map((entry) => entry.web_status).filter((value) => STATUS_ORDER.includes(value as WebStatusValue)));
  return known.size === 0 ? null : STATUS_ORDER[known.size - 1]!;
}

export type WebStatusEvent =
  /** Root, after loading the profile (an applicant) or anything else (entries empty, not an applicant). */
  | { type: 'webStatus.load'; entries: readonly { web_status: string }[]; applicant: boolean }
  /** Submit sequence, step 3. */
  | { type: 'webStatus.startValidating' }
  /** Submit sequence, step 5. */
  | { type: 'webStatus.submitted' };

/**
 * Who keeps a copy of the status. Validation and submit are form actors, loaded on demand: until
 * they exist the root keeps the status and gives it to them when it spawns them.
 */
const LISTENERS = [SYSTEM_IDS.app, SYSTEM_IDS.navigation, SYSTEM_IDS.validation, SYSTEM_IDS.submit] as const;
const announce = (webStatus: WebStatus) => LISTENERS.map((to) => ({ type: 'tell', params: { to, webStatus } }) as const);

export const webStatusMachine = setup({
  types: {
    context: {} as { failedTries: number },
    events: {} as WebStatusEvent,
  },
  actors: {
    postWebStatus: fromPromise<unknown, WebStatusValue>(({ input, signal }) => api.postWebStatus(input, signal)),
  },
  delays: {
    webStatusRetry: WEB_STATUS_RETRY_DELAY_MS,
  },
  guards: {
    studentWithoutStatus: ({ event }) => {
      assertEvent(event, 'webStatus.load');
      return event.applicant && webStatusFromEntries(event.entries) === null;
    },
    loads: ({ event }, params: { webStatus: WebStatus }) => {
      assertEvent(event, 'webStatus.load');
      return webStatusFromEntries(event.entries) === params.webStatus;
    },
    mayRetry: ({ context }) => context.failedTries < WEB_STATUS_RETRIES,
    unauthorised: unauthorisedError,
  },
  actions: {
    tell: sendTo(
      ({ system }, params: { to: string; webStatus: WebStatus }) => sibling(params.to)({ system }),
      (_, params): WebStatusChangedEvent => ({ type: 'webStatus.changed', webStatus: params.webStatus }),
    ),
    startTries: assign({ failedTries: 0 }),
    countFailedTry: assign({ failedTries: ({ context }) => context.failedTries + 1 }),
    endSession: sendTo(sibling(SYSTEM_IDS.session), { type: 'session.unauthorised' } satisfies SessionEvent),
  },
}).createMachine({
  id: 'webStatus',
  context: { failedTries: 0 },
  initial: 'unknown',
  on: {
    'webStatus.load': [
      // A logged-in applicant without a status starts one, here and on the server.
      { guard: 'studentWithoutStatus', target: '.started.posting', actions: 'startTries', reenter: true },
      { guard: { type: 'loads', params: { webStatus: null } }, target: '.none', reenter: true },
      { guard: { type: 'loads', params: { webStatus: 'started' } }, target: '.started', reenter: true },
      { guard: { type: 'loads', params: { webStatus: 'validating' } }, target: '.validating', reenter: true },
      { guard: { type: 'loads', params: { webStatus: 'submitted' } }, target: '.submitted', reenter: true },
    ],
  },
  states: {
    /** Before the root has loaded who is using the app. */
    unknown: {},
    none: {
      entry: announce(null),
    },
    started: {
      ...statusState('started'),
      on: { 'webStatus.startValidating': { target: 'validating.posting', actions: 'startTries' } },
    },
    validating: {
      ...statusState('validating'),
      on: { 'webStatus.submitted': { target: 'submitted.posting', actions: 'startTries' } },
    },
    submitted: statusState('submitted'),
  },
});

/**
 * A status known locally, and whether the server has it: `synced` when it came from the server or
 * the post succeeded; a failed post is tried again after a pause, WEB_STATUS_RETRIES times.
 */
function statusState(webStatus: WebStatusValue) {
  return {
    entry: announce(webStatus),
    initial: 'synced',
    states: {
      synced: {},
      posting: {
        invoke: {
          id: 'postWebStatus',
          src: 'postWebStatus',
          input: webStatus,
          onDone: 'synced',
          onError: [
            { guard: 'unauthorised', target: 'failed', actions: 'endSession' },
            { guard: 'mayRetry', target: 'retrying', actions: 'countFailedTry' },
            { target: 'failed' },
          ],
        },
      },
      retrying: { after: { webStatusRetry: 'posting' } },
      /** The status stays set here; the server learns it with the next change or load. */
      failed: {},
    },
  } as const;
}
