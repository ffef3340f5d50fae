import { appendAccess } from '../../db/accessLog';
import type { Db } from '../../db/connection';
import { dailyCounts, firstAccountCreatedAt, waitingSince } from '../../db/staffDashboard';
import { PAGES } from '../../src/catalogue/pages';
import {
  DASHBOARD_MEASURES,
  PROMISE_DAYS,
  WAITING_AFTER_DAYS,
  WAITING_SHOWN_MAX,
  type DashboardCounts,
  type StaffDashboard,
} from '../../src/catalogue/schema/staffDashboard';
import type { Clock } from '../clock';
import { referenceOf } from '../../src/catalogue/reference';
import { applicantName } from './staffApplications';

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const startOfDay = (time: number) => Math.floor(time / DAY_MS) * DAY_MS;
const noCounts = (): DashboardCounts => Object.fromEntries(DASHBOARD_MEASURES.map((measure) => [measure.key, 0])) as DashboardCounts;

/** A step's route, as the database keeps it, to the measure the dashboard names it by. */
const MEASURE_OF_ROUTE: ReadonlyMap<string, string> = new Map(PAGES.map((page) => [page.route, page.id]));
const isMeasure = (key: string): key is keyof DashboardCounts => DASHBOARD_MEASURES.some((measure) => measure.key === key);

/**
 * The dashboard: the counts of each measure per UTC day, from the day the cycle opened to today,
 * their totals, and the applications submitted more than WAITING_AFTER_DAYS whole UTC days ago
 * that have no released decision yet, oldest first (with how many are past the PROMISE_DAYS promise). The college's settings name no opening day of the cycle (the banner's dates are
 * when the banner shows), so the days start on the day the first account was created.
 * A view names applicants, so each one is written to the access log as a list: how many
 * applications it named, with a filter that says it was the dashboard's waiting list.
 */
export function createStaffDashboard(deps: { db: Db; clock: Clock }) {
  const { db } = deps;
  return {
    view(by: { staffId: number; client: string }): StaffDashboard {
      const now = deps.clock.now();
      const today = startOfDay(now);
      const opened = Math.min(startOfDay(firstAccountCreatedAt(db) ?? now), today);
      const byDay = new Map<string, DashboardCounts>();
      for (let day = opened; day <= today; day += DAY_MS) byDay.set(dayOf(day), noCounts());
      const totals = noCounts();
      for (const row of dailyCounts(db)) {
        const measure = MEASURE_OF_ROUTE.get(row.measure) ?? row.measure;
        const counts = byDay.get(row.day);
        if (!isMeasure(measure) || !counts) continue;
        counts[measure] += row.count;
        totals[measure] += row.count;
      }
      const before = today - WAITING_AFTER_DAYS * DAY_MS;
      const waiting = waitingSince(db, { before, promiseBefore: today - PROMISE_DAYS * DAY_MS, limit: WAITING_SHOWN_MAX });
      appendAccess(
        db,
        {
          kind: 'list_searched',
          staffId: by.staffId,
          client: by.client,
          count: waiting.rows.length,
          filter: { view: 'dashboard', status: 'submitted', submitted_before: dayOf(before) },
        },
        now,
      );
      return {
        opened_on: dayOf(opened),
        opened_by: 'first_account',
        today: dayOf(today),
        days: [...byDay].map(([day, counts]) => ({ day, counts })),
        totals,
        waiting: {
          submitted_before: dayOf(before),
          total: waiting.total,
          past_promise: waiting.pastPromise,
          applications: waiting.rows.map((row) => ({
            id: row.user_id,
            name: applicantName(row),
            email: row.email,
            reference: referenceOf(row.user_id, row.submitted_at)!,
            submitted_at: new Date(row.submitted_at).toISOString(),
            days_since: (today - startOfDay(row.submitted_at)) / DAY_MS,
          })),
        },
      };
    },
  };
}

export type StaffDashboardService = ReturnType<typeof createStaffDashboard>;
