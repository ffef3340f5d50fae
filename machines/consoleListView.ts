import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ApplicationSort, ApplicationStatus, ReviewFilter } from '../src/catalogue/schema/staffApplications';
import type { consoleListMachine } from './consoleListMachine';
import { CONSOLE_ROUTES } from '../src/catalogue/http';
import { filtersOf, type ListDraft } from './consoleListQuery';

type ListSnapshot = SnapshotFrom<typeof consoleListMachine>;
type ListSend = ActorRefFrom<typeof consoleListMachine>['send'];

/** Where the list stands, as the page shows it. */
export type ConsoleListPhase = 'away' | 'loading' | 'ready' | 'failed';

function phaseOf(snapshot: ListSnapshot): ConsoleListPhase {
  if (snapshot.matches('away')) return 'away';
  if (snapshot.matches({ onList: { results: 'failed' } })) return 'failed';
  if (snapshot.matches({ onList: { results: 'loading' } })) return 'loading';
  return 'ready';
}

/** What the list of applications' page needs from the list actor. */
export function connectConsoleList(snapshot: ListSnapshot, send: ListSend) {
  const { query, draft, list, message, chosen, staff } = snapshot.context;
  const pageSize = list?.page_size ?? query.pageSize ?? 1;
  return {
    phase: phaseOf(snapshot),
    /** The query shown: the address's (status, days, search, order, page). */
    query,
    /** What the search box and the days hold. */
    draft,
    /** The rows of the page, when one came (the last one stays while the next loads). */
    applications: list?.applications ?? [],
    /** How many applications each status holds, for the same search and days; null before the first page. */
    counts: list?.counts ?? null,
    /** How many applications the filters find. */
    total: list?.total ?? 0,
    /** The page the rows are of (the one shown, not the one loading). */
    page: list?.page ?? query.page,
    pageSize,
    pageCount: list ? Math.max(1, Math.ceil(list.total / pageSize)) : 1,
    /** Why the last load failed. */
    message,
    /** The filters and order an export of what the list shows takes (every page). */
    exportFilters: () => filtersOf(query),
    chooseStatus: (status: ApplicationStatus | null) => send({ type: 'list.status', status }),
    /** The college's decision codes, once a page of the list has been read. */
    decisionCodes: list?.decision_codes ?? [],
    chooseReview: (review: ReviewFilter | null) => send({ type: 'list.filter', filter: { review } }),
    chooseDecision: (decision: string | null) => send({ type: 'list.filter', filter: { decision } }),
    type: (typed: Partial<ListDraft>) => send({ type: 'list.type', draft: typed }),
    apply: () => send({ type: 'list.apply' }),
    sortBy: (sort: ApplicationSort) => send({ type: 'list.sort', sort }),
    goToPage: (page: number) => send({ type: 'list.page', page }),
    retry: () => send({ type: 'list.retry' }),
    /** Admins choose submitted applications for a release of chosen applications. */
    canChoose: staff.role === 'admin',
    /** The reference numbers chosen, across pages. */
    chosen,
    isChosen: (reference: string) => chosen.includes(reference),
    choose: (reference: string, on: boolean) => send({ type: 'list.choose', reference, chosen: on }),
    clearChosen: () => send({ type: 'list.clearChosen' }),
    /** The releases page with the chosen applications filled in; null while none is chosen. */
    releaseAddress: chosen.length === 0 ? null : `${CONSOLE_ROUTES.releases}?references=${encodeURIComponent(chosen.join(','))}`,
  };
}

export type ConsoleListView = ReturnType<typeof connectConsoleList>;
