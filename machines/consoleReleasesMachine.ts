import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import { referencedApplicants } from '../src/catalogue/reference';
import type { Rehearsal, ReleaseScope, ReleaseSummary } from '../src/catalogue/schema/staffReviews';
import { decisionsApi, type Releases } from './api/consoleDecisions';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api/httpClient';
import { errorMessage, sibling, unauthorisedError } from './siblings';

/** What the releases' page says beside what the server says. */
export const RELEASES_MESSAGES = {
  adminsOnly: 'Only admins prepare, approve and recall decision releases.',
  codesNeeded: 'Choose at least one decision to release.',
  referencesNeeded: 'Write the reference number of at least one application to release.',
  referencesUnreadable: (pieces: readonly string[]) =>
    `${pieces.length === 1 ? 'This is not a reference number' : 'These are not reference numbers'}: ${pieces.join(', ')}. A reference number reads like ADM-2026-00042-8.`,
  timeNeeded: 'Choose the date and time the release goes out.',
  prepared: 'The release is prepared. A second admin must approve it before it goes out.',
  approved: 'The release is approved: it goes out at its time, and can be recalled until then.',
  recalled: 'The release is recalled: nothing of it goes out.',
} as const;

export interface ConsoleReleasesInput {
  /** Who is signed in: their own release waits for another admin's approval. */
  email: string;
}

export type ConsoleReleasesEvent =
  /** The page opened: the releases are read afresh. */
  | { type: 'releases.load' }
  | { type: 'releases.retry' }
  /** A rehearsal of releasing these decisions at this time (ISO): every letter rendered, nothing stored. */
  | { type: 'releases.rehearse'; codes: string[]; scheduledAt: string }
  /** The same for the applications these reference numbers name (typed or pasted, one per line or between commas). */
  | { type: 'releases.rehearseSelection'; references: string; scheduledAt: string }
  /** The rehearsal found nothing wrong: the release is stored, awaiting a second admin. */
  | { type: 'releases.prepare' }
  | { type: 'releases.discard' }
  | { type: 'releases.approve'; id: number }
  | { type: 'releases.recall'; id: number };

interface ConsoleReleasesContext extends ConsoleReleasesInput {
  releases: readonly ReleaseSummary[];
  codes: readonly { code: string; label: string }[];
  /** The rehearsal shown, and what it was of. */
  rehearsal: Rehearsal | null;
  draft: { scope: ReleaseScope; scheduledAt: string } | null;
  notice: string | null;
  message: string | null;
  fieldErrors: Record<string, string>;
}

const isForbidden = (_: unknown, error: unknown) => error instanceof ApiError && error.status === 403;
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
/** A refused preparation answers with the rehearsal that found its problems. */
const rehearsalOf = (error: unknown): Rehearsal | null => {
  const body = error instanceof ApiError ? (error.body as { rehearsal?: Rehearsal } | undefined) : undefined;
  return body?.rehearsal ?? null;
};

/** What the page may ask while nothing else is on its way. */
const ASKS = {
  'releases.rehearse': [{ guard: 'rehearsalAsked', target: 'rehearsing', actions: 'keepDraft' }, { actions: 'refuseRehearsal' }],
  'releases.rehearseSelection': [
    { guard: 'selectionAsked', target: 'rehearsing', actions: 'keepSelectionDraft' },
    { actions: 'refuseSelection' },
  ],
  'releases.prepare': { guard: 'canPrepare', target: 'preparing', actions: 'clearMessages' },
  'releases.approve': { target: 'approving', actions: 'clearMessages' },
  'releases.recall': { target: 'recalling', actions: 'clearMessages' },
} as const;

/**
 * The decision releases, for admins: the releases with their progress (read again every few
 * seconds while one is due or going out), a rehearsal of a new one (its letters and counts, and
 * what would be wrong), its preparation once nothing is, a second admin's approval and a recall.
 */
export const consoleReleasesMachine = setup({
  types: {
    input: {} as ConsoleReleasesInput,
    context: {} as ConsoleReleasesContext,
    events: {} as ConsoleReleasesEvent,
    children: {} as { loadReleases: 'loadReleases'; rehearse: 'rehearse'; prepare: 'prepare'; approve: 'approve'; recall: 'recall' },
  },
  actors: {
    loadReleases: fromPromise<Releases>(({ signal }) => decisionsApi.releases(signal)),
    rehearse: fromPromise<Rehearsal, { scope: ReleaseScope; scheduledAt: string }>(({ input, signal }) =>
      decisionsApi.rehearse(input.scope, input.scheduledAt, signal),
    ),
    prepare: fromPromise<ReleaseSummary, { scope: ReleaseScope; scheduledAt: string }>(({ input, signal }) =>
      decisionsApi.prepare(input.scope, input.scheduledAt, signal),
    ),
    approve: fromPromise<ReleaseSummary, { id: number }>(({ input, signal }) => decisionsApi.approve(input.id, signal)),
    recall: fromPromise<ReleaseSummary, { id: number }>(({ input, signal }) => decisionsApi.recall(input.id, signal)),
  },
  delays: {
    /** How often the releases are read again while one is approved or going out. */
    progressRecheck: 2_000,
  },
  guards: {
    unauthorised: unauthorisedError,
    forbidden: isForbidden,
    rehearsalAsked: ({ event }) => {
      assertEvent(event, 'releases.rehearse');
      return event.codes.length > 0 && event.scheduledAt !== '';
    },
    selectionAsked: ({ event }) => {
      assertEvent(event, 'releases.rehearseSelection');
      const named = referencedApplicants(event.references);
      return named.userIds.length > 0 && named.unreadable.length === 0 && event.scheduledAt !== '';
    },
    canPrepare: ({ context }) => context.rehearsal !== null && context.rehearsal.problems.length === 0 && context.rehearsal.total > 0,
    underWay: ({ context }) => context.releases.some((release) => release.state === 'approved' || release.state === 'sending'),
  },
  actions: {
    keepReleases: assign((_, releases: Releases) => ({ releases: releases.releases, codes: releases.decision_codes })),
    clearMessages: assign({ notice: null, message: null, fieldErrors: {} }),
    keepDraft: assign(({ event }) => {
      assertEvent(event, 'releases.rehearse');
      return {
        draft: { scope: { kind: 'decisions' as const, codes: event.codes }, scheduledAt: event.scheduledAt },
        rehearsal: null,
        notice: null,
        message: null,
        fieldErrors: {},
      };
    }),
    keepSelectionDraft: assign(({ event }) => {
      assertEvent(event, 'releases.rehearseSelection');
      const scope = { kind: 'selection' as const, application_ids: referencedApplicants(event.references).userIds };
      return { draft: { scope, scheduledAt: event.scheduledAt }, rehearsal: null, notice: null, message: null, fieldErrors: {} };
    }),
    refuseSelection: assign(({ event }) => {
      assertEvent(event, 'releases.rehearseSelection');
      const { userIds, unreadable } = referencedApplicants(event.references);
      const fieldErrors: Record<string, string> = {};
      if (unreadable.length > 0) fieldErrors.references = RELEASES_MESSAGES.referencesUnreadable(unreadable);
      else if (userIds.length === 0) fieldErrors.references = RELEASES_MESSAGES.referencesNeeded;
      if (event.scheduledAt === '') fieldErrors.scheduled_at = RELEASES_MESSAGES.timeNeeded;
      return { fieldErrors, notice: null, message: null };
    }),
    refuseRehearsal: assign(({ event }) => {
      assertEvent(event, 'releases.rehearse');
      const fieldErrors: Record<string, string> = {};
      if (event.codes.length === 0) fieldErrors.codes = RELEASES_MESSAGES.codesNeeded;
      if (event.scheduledAt === '') fieldErrors.scheduled_at = RELEASES_MESSAGES.timeNeeded;
      return { fieldErrors, notice: null, message: null };
    }),
    keepRehearsal: assign({ rehearsal: (_, rehearsal: Rehearsal) => rehearsal }),
    forgetRehearsal: assign({ rehearsal: null, draft: null }),
    say: assign({ notice: (_, notice: string) => notice, message: null }),
    refuse: assign({ message: (_, error: unknown) => errorMessage(error, GENERIC_ERROR_MESSAGE), notice: null }),
    refusePreparation: assign(({ context }, error: unknown) => ({
      message: errorMessage(error, GENERIC_ERROR_MESSAGE),
      notice: null,
      rehearsal: rehearsalOf(error) ?? context.rehearsal,
    })),
    signInAgain: sendTo(sibling('consoleSession'), { type: 'console.unauthorised' }),
  },
}).createMachine({
  id: 'consoleReleases',
  context: ({ input }) => ({
    ...input,
    releases: [],
    codes: [],
    rehearsal: null,
    draft: null,
    notice: null,
    message: null,
    fieldErrors: {},
  }),
  initial: 'idle',
  on: { 'releases.load': { target: '.loading', actions: 'clearMessages' } },
  states: {
    /** The page is not shown: nothing is read. */
    idle: {},
    loading: {
      invoke: {
        id: 'loadReleases',
        src: 'loadReleases',
        onDone: { target: 'ready', actions: { type: 'keepReleases', params: ({ event }) => event.output } },
        onError: [
          { guard: 'unauthorised', target: 'idle', actions: 'signInAgain' },
          { guard: { type: 'forbidden', params: errorOf }, target: 'refused' },
          { target: 'failed', actions: { type: 'refuse', params: errorOf } },
        ],
      },
    },
    failed: { on: { 'releases.retry': 'loading' } },
    /** Only admins release decisions: the server said so. */
    refused: {},
    ready: {
      initial: 'idle',
      on: {
        'releases.discard': { actions: ['forgetRehearsal', 'clearMessages'] },
      },
      states: {
        idle: {
          always: { guard: 'underWay', target: 'following' },
          on: ASKS,
        },
        /** A release is approved or going out: its progress is read again every few seconds. */
        following: {
          after: { progressRecheck: 'refreshing' },
          on: ASKS,
        },
        refreshing: {
          invoke: {
            id: 'loadReleases',
            src: 'loadReleases',
            onDone: { target: 'idle', actions: { type: 'keepReleases', params: ({ event }) => event.output } },
            onError: [
              { guard: 'unauthorised', target: '#consoleReleases.idle', actions: 'signInAgain' },
              // The progress shown stays the last read; the next look tries again.
              { target: 'following' },
            ],
          },
        },
        rehearsing: {
          invoke: {
            id: 'rehearse',
            src: 'rehearse',
            input: ({ context }) => context.draft!,
            onDone: { target: 'idle', actions: { type: 'keepRehearsal', params: ({ event }) => event.output } },
            onError: [
              { guard: 'unauthorised', target: '#consoleReleases.idle', actions: 'signInAgain' },
              { target: 'idle', actions: { type: 'refuse', params: errorOf } },
            ],
          },
        },
        preparing: {
          invoke: {
            id: 'prepare',
            src: 'prepare',
            input: ({ context }) => context.draft!,
            onDone: { target: 'refreshing', actions: ['forgetRehearsal', { type: 'say', params: RELEASES_MESSAGES.prepared }] },
            onError: [
              { guard: 'unauthorised', target: '#consoleReleases.idle', actions: 'signInAgain' },
              { target: 'idle', actions: { type: 'refusePreparation', params: errorOf } },
            ],
          },
        },
        approving: {
          invoke: {
            id: 'approve',
            src: 'approve',
            input: ({ event }) => {
              assertEvent(event, 'releases.approve');
              return { id: event.id };
            },
            onDone: { target: 'refreshing', actions: { type: 'say', params: RELEASES_MESSAGES.approved } },
            onError: [
              { guard: 'unauthorised', target: '#consoleReleases.idle', actions: 'signInAgain' },
              { target: 'idle', actions: { type: 'refuse', params: errorOf } },
            ],
          },
        },
        recalling: {
          invoke: {
            id: 'recall',
            src: 'recall',
            input: ({ event }) => {
              assertEvent(event, 'releases.recall');
              return { id: event.id };
            },
            onDone: { target: 'refreshing', actions: { type: 'say', params: RELEASES_MESSAGES.recalled } },
            onError: [
              { guard: 'unauthorised', target: '#consoleReleases.idle', actions: 'signInAgain' },
              { target: 'idle', actions: { type: 'refuse', params: errorOf } },
            ],
          },
        },
      },
    },
  },
});
