import { assertEvent, assign, emit, fromPromise, not, sendTo, setup } from 'xstate';
import { CONSOLE_ROUTES } from '../src/catalogue/http';
import type { ApplicationSort, ApplicationStatus } from '../src/catalogue/schema/staffApplications';
import { consoleApi, type ApplicationList, type StaffMember } from './api/consoleEndpoints';
import { GENERIC_ERROR_MESSAGE } from './api/httpClient';
import {
  addressOf,
  draftOf,
  paramsOf,
  queryFromSearch,
  sameQuery,
  sortedBy,
  withDraft,
  type ListDraft,
  type ListQuery,
} from './consoleListQuery';
import { errorMessage, sibling, unauthorisedError } from './siblings';

/** How long typing in the filters rests before the list is asked again. */
export const LIST_TYPING_PAUSE_MS = 400;

export type ConsoleListEvent =
  /** The router reached an address (the first, a link, Back or Forward, a move this actor asked for). */
  | { type: 'list.located'; pathname: string; search: string }
  /** One of the status filters (null: every status). */
  | { type: 'list.status'; status: ApplicationStatus | null }
  /** The review or decision filter (null: any). */
  | { type: 'list.filter'; filter: Partial<Pick<ListQuery, 'review' | 'decision'>> }
  /** Typing in the search box or the days: the list follows once the typing rests. */
  | { type: 'list.type'; draft: Partial<ListDraft> }
  /** The filters' form sent (Enter in the search box): the list follows at once. */
  | { type: 'list.apply' }
  | { type: 'list.sort'; sort: ApplicationSort }
  | { type: 'list.page'; page: number }
  | { type: 'list.retry' }
  /** An admin ticks (or unticks) a submitted application, by its reference number, for a release of chosen applications. */
  | { type: 'list.choose'; reference: string; chosen: boolean }
  | { type: 'list.clearChosen' };

/** A move of the address this actor asks the router for. */
export interface ListNavigateEmitted {
  type: 'list.navigate';
  to: string;
  /** Replaces the history entry: a search typed on from the last one takes no new step of Back. */
  replace: boolean;
}

/** A new query: its page loads (an older load is cancelled) and what was waiting to be typed on is taken or dropped. */
const TO_NEW_QUERY = ['#consoleList.onList.results.loading', '#consoleList.onList.draft.idle'];
/** After a change of the query: the router is asked to show it, noting whether typing moved it. */
const moved = (typed: boolean) =>
  [
    { type: 'moveAddress', params: { typed } },
    { type: 'noteTyping', params: { typed } },
  ] as const;

interface ConsoleListContext {
  staff: StaffMember;
  /** The list's query: the address's, or the one just asked of the router before it reports it. */
  query: ListQuery;
  /** What is typed into the search box and the days. */
  draft: ListDraft;
  /** The last page the server sent: shown, dimmed, while the next one loads. */
  list: ApplicationList | null;
  /** Why the last load failed. */
  message: string | null;
  /** The address was last moved by typing in the search: typing on replaces that entry of the history. */
  typing: boolean;
  /** The reference numbers an admin chose for a release, kept across pages, filters and orders. */
  chosen: readonly string[];
}

/**
 * The list of applications in the console: its query (status, submitted between two days, the
 * search, the order, the page) lives in the address, which the router owns. This actor reads the
 * query from every address the router reports, loads that page of the list, and asks the router to
 * move when a filter, the order or the page changes (src/console/ConsoleAddressBridge.tsx carries
 * both ways); so Back and Forward move between queries, a reload keeps one and a link shows one.
 * A newer query cancels an older load; a changed filter starts again from the first page.
 */
export const consoleListMachine = setup({
  types: {
    context: {} as ConsoleListContext,
    events: {} as ConsoleListEvent,
    input: {} as { staff: StaffMember },
    emitted: {} as ListNavigateEmitted,
  },
  actors: {
    loadPage: fromPromise<ApplicationList, Record<string, string>>(({ input, signal }) => consoleApi.applications(input, signal)),
  },
  delays: { typingPause: LIST_TYPING_PAUSE_MS },
  guards: {
    atList: ({ event }) => {
      assertEvent(event, 'list.located');
      return event.pathname === CONSOLE_ROUTES.home;
    },
    sameAddress: ({ context, event }) => {
      assertEvent(event, 'list.located');
      return sameQuery(context.query, queryFromSearch(event.search));
    },
    draftChangesQuery: ({ context }) => !sameQuery(withDraft(context.query, context.draft), context.query),
    statusChanges: ({ context, event }) => {
      assertEvent(event, 'list.status');
      return !sameQuery({ ...withDraft(context.query, context.draft), status: event.status }, context.query);
    },
    filterChanges: ({ context, event }) => {
      assertEvent(event, 'list.filter');
      return !sameQuery({ ...withDraft(context.query, context.draft), ...event.filter }, context.query);
    },
    pageChanges: ({ context, event }) => {
      assertEvent(event, 'list.page');
      return Number.isInteger(event.page) && event.page >= 1 && event.page !== context.query.page;
    },
    unauthorised: unauthorisedError,
    mayChoose: ({ context }) => context.staff.role === 'admin',
  },
  actions: {
    followAddress: assign(({ event }) => {
      assertEvent(event, 'list.located');
      const query = queryFromSearch(event.search);
      return { query, draft: draftOf(query), typing: false };
    }),
    keepDraft: assign(({ context, event }) => {
      assertEvent(event, 'list.type');
      return { draft: { ...context.draft, ...event.draft } };
    }),
    commitDraft: assign(({ context }) => ({ query: withDraft(context.query, context.draft) })),
    chooseStatus: assign(({ context, event }) => {
      assertEvent(event, 'list.status');
      return { query: { ...withDraft(context.query, context.draft), status: event.status } };
    }),
    chooseFilter: assign(({ context, event }) => {
      assertEvent(event, 'list.filter');
      return { query: { ...withDraft(context.query, context.draft), ...event.filter } };
    }),
    sortBy: assign(({ context, event }) => {
      assertEvent(event, 'list.sort');
      return { query: sortedBy(withDraft(context.query, context.draft), event.sort) };
    }),
    turnPage: assign(({ context, event }) => {
      assertEvent(event, 'list.page');
      return { query: { ...context.query, page: event.page } };
    }),
    /** A new entry of the history for each query, but one for a search typed on. */
    moveAddress: emit(({ context }, params: { typed: boolean }) => ({
      type: 'list.navigate' as const,
      to: addressOf(context.query),
      replace: params.typed && context.typing,
    })),
    noteTyping: assign((_, params: { typed: boolean }) => ({ typing: params.typed })),
    keepList: assign({ list: (_, list: ApplicationList) => list, message: null }),
    keepFailure: assign({ message: (_, error: unknown) => errorMessage(error, GENERIC_ERROR_MESSAGE) }),
    signInAgain: sendTo(sibling('consoleSession'), { type: 'console.unauthorised' }),
    choose: assign({
      chosen: ({ context, event }) => {
        assertEvent(event, 'list.choose');
        if (!event.chosen) return context.chosen.filter((reference) => reference !== event.reference);
        return context.chosen.includes(event.reference) ? context.chosen : [...context.chosen, event.reference];
      },
    }),
    clearChosen: assign({ chosen: [] }),
  },
}).createMachine({
  id: 'consoleList',
  context: ({ input }) => {
    const query = queryFromSearch('');
    return { staff: input.staff, query, draft: draftOf(query), list: null, message: null, typing: false, chosen: [] };
  },
  // Only admins release decisions: only they choose applications for a release.
  on: {
    'list.choose': { guard: 'mayChoose', actions: 'choose' },
    'list.clearChosen': { actions: 'clearChosen' },
  },
  initial: 'away',
  states: {
    /** Another page of the console is shown (or the router has not reported yet): nothing loads. */
    away: {
      on: { 'list.located': { guard: 'atList', target: 'onList', actions: 'followAddress' } },
    },
    onList: {
      type: 'parallel',
      on: {
        'list.located': [
          { guard: not('atList'), target: 'away' },
          // The router reports the move this actor asked for: the page is already loading.
          { guard: 'sameAddress' },
          { target: TO_NEW_QUERY, actions: 'followAddress' },
        ],
        'list.status': {
          guard: 'statusChanges',
          target: TO_NEW_QUERY,
          actions: ['chooseStatus', ...moved(false)],
        },
        'list.filter': {
          guard: 'filterChanges',
          target: TO_NEW_QUERY,
          actions: ['chooseFilter', ...moved(false)],
        },
        'list.sort': {
          target: TO_NEW_QUERY,
          actions: ['sortBy', ...moved(false)],
        },
      },
      states: {
        results: {
          initial: 'loading',
          on: {
            'list.page': {
              guard: 'pageChanges',
              target: '.loading',
              actions: ['turnPage', ...moved(false)],
            },
          },
          states: {
            loading: {
              invoke: {
                id: 'loadPage',
                src: 'loadPage',
                input: ({ context }) => paramsOf(context.query),
                onDone: { target: 'ready', actions: { type: 'keepList', params: ({ event }) => event.output } },
                onError: [
                  // The staff session ended on the server: the console's session signs out, and this actor with it.
                  { guard: 'unauthorised', actions: 'signInAgain' },
                  { target: 'failed', actions: { type: 'keepFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
                ],
              },
            },
            ready: {},
            failed: { on: { 'list.retry': 'loading' } },
          },
        },
        draft: {
          initial: 'idle',
          on: {
            // The pause starts again at each keystroke.
            'list.type': { target: '.waiting', actions: 'keepDraft' },
            'list.apply': { guard: 'draftChangesQuery', target: TO_NEW_QUERY, actions: ['commitDraft', ...moved(true)] },
          },
          states: {
            idle: {},
            waiting: {
              after: {
                typingPause: [
                  { guard: 'draftChangesQuery', target: TO_NEW_QUERY, actions: ['commitDraft', ...moved(true)] },
                  { target: 'idle' },
                ],
              },
            },
          },
        },
      },
    },
  },
});
