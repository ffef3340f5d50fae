import { assertEvent, assign, emit, fromPromise, not, sendTo, setup } from 'xstate';
import { CONSOLE_ROUTES } from '../src/catalogue/http';
import { consoleApi, type AccessLogPage, type StaffAccounts } from './api/consoleEndpoints';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api/httpClient';
import { accessLogAddress, accessLogParams, accessLogQueryFromSearch, type AccessLogQuery } from './consoleAccessLogQuery';
import { errorMessage, sibling, unauthorisedError } from './siblings';

/** What the access log's page says beside what the server says. */
export const ACCESS_LOG_MESSAGES = {
  adminsOnly: 'Only admins can read the access log.',
} as const;

export type ConsoleAccessLogEvent =
  /** The router reached an address (the first, a link, Back or Forward, a move this actor asked for). */
  | { type: 'accessLog.located'; pathname: string; search: string }
  /** A filter chosen: null for every person, applicant or kind. */
  | { type: 'accessLog.filter'; filter: Partial<Pick<AccessLogQuery, 'staffId' | 'applicationId' | 'kind'>> }
  | { type: 'accessLog.page'; page: number }
  | { type: 'accessLog.retry' };

/** A move of the address this actor asks the router for. */
export interface AccessLogNavigateEmitted {
  type: 'accessLog.navigate';
  to: string;
}

interface ConsoleAccessLogContext {
  /** The log's query: the address's, or the one just asked of the router before it reports it. */
  query: AccessLogQuery;
  /** The last page the server sent: shown while the next one loads. */
  log: AccessLogPage | null;
  /** The staff accounts the person filter offers (deactivated ones too: the log still names them). */
  people: StaffAccounts['accounts'];
  message: string | null;
}

/** The server refuses the log to anyone but an admin. */
const isForbidden = (_: unknown, error: unknown) => error instanceof ApiError && error.status === 403;
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * The access log in the console, for admins: its query (person, applicant, kind, page) lives in
 * the address, which the router owns, as the list's does. This actor reads the query from every
 * address the router reports, loads that page of the log, and asks the router to move when a
 * filter or the page changes; so Back, Forward, a reload and a shared link keep the filters. The
 * server refuses the log to readers (403): the page then says only admins read it.
 */
export const consoleAccessLogMachine = setup({
  types: {
    context: {} as ConsoleAccessLogContext,
    events: {} as ConsoleAccessLogEvent,
    emitted: {} as AccessLogNavigateEmitted,
    children: {} as { loadLog: 'loadLog'; loadPeople: 'loadPeople' },
  },
  actors: {
    loadLog: fromPromise<AccessLogPage, Record<string, string>>(({ input, signal }) => consoleApi.accessLog(input, signal)),
    loadPeople: fromPromise<StaffAccounts>(({ signal }) => consoleApi.staffAccounts(signal)),
  },
  guards: {
    atLog: ({ event }) => {
      assertEvent(event, 'accessLog.located');
      return event.pathname === CONSOLE_ROUTES.accessLog;
    },
    sameAddress: ({ context, event }) => {
      assertEvent(event, 'accessLog.located');
      return accessLogAddress(accessLogQueryFromSearch(event.search)) === accessLogAddress(context.query);
    },
    filterChanges: ({ context, event }) => {
      assertEvent(event, 'accessLog.filter');
      // The same filter chosen again keeps the page.
      return accessLogAddress({ ...context.query, ...event.filter }) !== accessLogAddress(context.query);
    },
    pageChanges: ({ context, event }) => {
      assertEvent(event, 'accessLog.page');
      return Number.isInteger(event.page) && event.page >= 1 && event.page !== context.query.page;
    },
    unauthorised: unauthorisedError,
    forbidden: isForbidden,
  },
  actions: {
    followAddress: assign(({ event }) => {
      assertEvent(event, 'accessLog.located');
      return { query: accessLogQueryFromSearch(event.search) };
    }),
    chooseFilter: assign(({ context, event }) => {
      assertEvent(event, 'accessLog.filter');
      return { query: { ...context.query, ...event.filter, page: 1 } };
    }),
    turnPage: assign(({ context, event }) => {
      assertEvent(event, 'accessLog.page');
      return { query: { ...context.query, page: event.page } };
    }),
    moveAddress: emit(({ context }) => ({ type: 'accessLog.navigate' as const, to: accessLogAddress(context.query) })),
    keepLog: assign({ log: (_, log: AccessLogPage) => log, message: null }),
    keepPeople: assign({ people: (_, people: StaffAccounts) => people.accounts }),
    keepFailure: assign({ message: (_, error: unknown) => errorMessage(error, GENERIC_ERROR_MESSAGE) }),
    signInAgain: sendTo(sibling('consoleSession'), { type: 'console.unauthorised' }),
  },
}).createMachine({
  id: 'consoleAccessLog',
  context: { query: accessLogQueryFromSearch(''), log: null, people: [], message: null },
  initial: 'away',
  states: {
    /** Another page of the console is shown: nothing loads. */
    away: {
      on: { 'accessLog.located': { guard: 'atLog', target: 'onLog', actions: 'followAddress' } },
    },
    /** Only admins read the log: the server said so. */
    refused: {
      on: { 'accessLog.located': { guard: not('atLog'), target: 'away' } },
    },
    onLog: {
      type: 'parallel',
      on: {
        'accessLog.located': [
          { guard: 'sameAddress' },
          { guard: 'atLog', target: '#consoleAccessLog.onLog.entries.loading', actions: 'followAddress' },
          { target: 'away' },
        ],
        'accessLog.filter': {
          guard: 'filterChanges',
          target: '#consoleAccessLog.onLog.entries.loading',
          actions: ['chooseFilter', 'moveAddress'],
        },
        'accessLog.page': {
          guard: 'pageChanges',
          target: '#consoleAccessLog.onLog.entries.loading',
          actions: ['turnPage', 'moveAddress'],
        },
      },
      states: {
        entries: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadLog',
                src: 'loadLog',
                input: ({ context }) => accessLogParams(context.query),
                onDone: { target: 'ready', actions: { type: 'keepLog', params: ({ event }) => event.output } },
                onError: [
                  { guard: 'unauthorised', actions: 'signInAgain' },
                  { guard: { type: 'forbidden', params: errorOf }, target: '#consoleAccessLog.refused' },
                  { target: 'failed', actions: { type: 'keepFailure', params: errorOf } },
                ],
              },
            },
            ready: {},
            failed: { on: { 'accessLog.retry': 'loading' } },
          },
        },
        /** The person filter's choices, read once each time the page opens; without them the filter offers every person only. */
        people: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadPeople',
                src: 'loadPeople',
                onDone: { target: 'done', actions: { type: 'keepPeople', params: ({ event }) => event.output } },
                onError: 'done',
              },
            },
            done: {},
          },
        },
      },
    },
  },
});
