import { CONSOLE_ROUTES } from '../src/catalogue/http';
import { accessLogQuery, type AccessKind } from '../src/catalogue/schema/staffAccessLog';
import { checked } from './consoleListQuery';

/**
 * The access log's query as the address carries it (`/staff/access-log?kind=export&page=2`) and
 * as its call takes it: whose acts, which application's, which kind, which page. Each value is read
 * with the rule the server checks it with; a value the server would refuse is left out.
 */
export interface AccessLogQuery {
  staffId: number | null;
  applicationId: number | null;
  kind: AccessKind | null;
  page: number;
}

const RULES = accessLogQuery.entries;

/** The query an address's search part names; what it leaves out is every person, applicant and kind, the first page. */
export function accessLogQueryFromSearch(search: string): AccessLogQuery {
  const params = new URLSearchParams(search);
  return {
    staffId: checked(RULES.staff_id, params.get('staff_id')) ?? null,
    applicationId: checked(RULES.application_id, params.get('application_id')) ?? null,
    kind: checked(RULES.kind, params.get('kind')) ?? null,
    page: checked(RULES.page, params.get('page')) ?? 1,
  };
}

/** The call's parameters: the query's values, the defaults left out. */
export function accessLogParams(query: AccessLogQuery): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.staffId !== null) params.staff_id = String(query.staffId);
  if (query.applicationId !== null) params.application_id = String(query.applicationId);
  if (query.kind !== null) params.kind = query.kind;
  if (query.page !== 1) params.page = String(query.page);
  return params;
}

/** The address of the access log showing `query`. */
export function accessLogAddress(query: AccessLogQuery): string {
  const search = new URLSearchParams(accessLogParams(query)).toString();
  return search ? `${CONSOLE_ROUTES.accessLog}?${search}` : CONSOLE_ROUTES.accessLog;
}
