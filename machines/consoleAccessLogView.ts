import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AccessKind } from '../src/catalogue/schema/staffAccessLog';
import { ACCESS_LOG_MESSAGES, type consoleAccessLogMachine } from './consoleAccessLogMachine';

type AccessLogSnapshot = SnapshotFrom<typeof consoleAccessLogMachine>;
type AccessLogSend = ActorRefFrom<typeof consoleAccessLogMachine>['send'];

/** Where the access log's page stands: not shown, loading, shown, not loaded (with a retry), or refused to a reader. */
export type ConsoleAccessLogPhase = 'away' | 'loading' | 'ready' | 'failed' | 'refused';

function phaseOf(snapshot: AccessLogSnapshot): ConsoleAccessLogPhase {
  if (snapshot.matches('away')) return 'away';
  if (snapshot.matches('refused')) return 'refused';
  if (snapshot.matches({ onLog: { entries: 'failed' } })) return 'failed';
  if (snapshot.matches({ onLog: { entries: 'loading' } })) return 'loading';
  return 'ready';
}

/** What the access log's page needs from its actor. */
export function connectConsoleAccessLog(snapshot: AccessLogSnapshot, send: AccessLogSend) {
  const { query, log, people, message } = snapshot.context;
  const phase = phaseOf(snapshot);
  const pageSize = log?.page_size ?? 1;
  return {
    phase,
    /** The filters and the page the address names. */
    query,
    /** The page's entries, newest first (the last page's stay while the next loads). */
    entries: log?.entries ?? [],
    total: log?.total ?? 0,
    page: log?.page ?? query.page,
    pageCount: log ? Math.max(1, Math.ceil(log.total / pageSize)) : 1,
    /** The staff accounts the person filter offers. */
    people,
    message: phase === 'refused' ? ACCESS_LOG_MESSAGES.adminsOnly : message,
    filterByPerson: (staffId: number | null) => send({ type: 'accessLog.filter', filter: { staffId } }),
    filterByApplicant: (applicationId: number | null) => send({ type: 'accessLog.filter', filter: { applicationId } }),
    filterByKind: (kind: AccessKind | null) => send({ type: 'accessLog.filter', filter: { kind } }),
    goToPage: (page: number) => send({ type: 'accessLog.page', page }),
    retry: () => send({ type: 'accessLog.retry' }),
  };
}

export type ConsoleAccessLogView = ReturnType<typeof connectConsoleAccessLog>;
