/**
 * The console's dashboard (GET /api/staff/dashboard): how many reached each measure on each UTC
 * day of the cycle, and the submitted applications still waiting past the days the welcome
 * banner's promise allows. The server builds this shape; the console checks it with this schema.
 */
import * as v from 'valibot';
import { PAGES } from '../pages';

/** The measures counted per day, in the order of the applicant's way through, with their labels. */
export const DASHBOARD_MEASURES = [
  { key: 'accounts', label: 'Accounts created' },
  { key: 'started', label: 'Applications started' },
  ...PAGES.map((page) => ({ key: page.id, label: `${page.title} reached` })),
  { key: 'missing_information', label: 'Missing information' },
  { key: 'submitted', label: 'Submitted' },
  { key: 'reviewed', label: 'First reviewed' },
  { key: 'decided', label: 'Decided' },
  { key: 'released', label: 'Decision released' },
] as const;
export type DashboardMeasure = (typeof DASHBOARD_MEASURES)[number]['key'];

/**
 * A submitted application waits for its released decision: the welcome banner promises one within
 * three weeks, so the office sees every application submitted more than this many days ago that no
 * release has sent a decision to yet.
 */
export const WAITING_AFTER_DAYS = 14;
/** The welcome banner's promise: a decision within three weeks of completing the application. */
export const PROMISE_DAYS = 21;
/** How many of the waiting applications the dashboard names, oldest first; the total is always given. */
export const WAITING_SHOWN_MAX = 100;

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const counts = v.object(
  Object.fromEntries(DASHBOARD_MEASURES.map((measure) => [measure.key, count])) as Record<DashboardMeasure, typeof count>,
);
export type DashboardCounts = v.InferOutput<typeof counts>;

const day = v.pipe(v.string(), v.isoDate());

const WaitingApplicationSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  reference: v.string(),
  submitted_at: v.string(),
  /** Whole UTC days from the day of submission to today. */
  days_since: v.number(),
});

export const StaffDashboardSchema = v.object({
  /**
   * The first day counted, and what it is: the college's settings name no day the cycle opens,
   * so the days count from the day the first account was created.
   */
  opened_on: day,
  opened_by: v.literal('first_account'),
  today: day,
  /** One entry per UTC day from opened_on to today, each day's counts (not running totals). */
  days: v.array(v.object({ day, counts })),
  totals: counts,
  waiting: v.object({
    /** Submitted before this UTC day: more than WAITING_AFTER_DAYS whole days ago. */
    submitted_before: day,
    total: count,
    /** Of them, those past the promise: submitted more than PROMISE_DAYS whole days ago. */
    past_promise: count,
    applications: v.array(WaitingApplicationSchema),
  }),
});
export type StaffDashboard = v.InferOutput<typeof StaffDashboardSchema>;
