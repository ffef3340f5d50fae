import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/connection';
import { searchNameOf } from '../db/searchText';
import { createStaffApplications } from '../server/application/staffApplications';
import { applicationListQuery } from '../src/catalogue/schema/staffApplications';
import * as v from 'valibot';
import { percentile } from './stats';

const DAY_MS = 86_400_000;
const RUNS = 200;
const FIRST = ['Thảo', 'Minh', 'Ana', 'Zoë', 'José', 'Chloé', 'Liam', 'Amara', 'Søren', 'Nguyễn', 'Priya', 'Mateo'];
const LAST = ['Nguyễn', 'García', 'Müller', 'Smith', 'Kowalski', 'Okafor', 'Tanaka', 'Brontë', 'Dubois', 'Silva', 'Johnson', 'Lee'];

export interface StaffListFigures {
  applications: number;
  seedMs: number;
  firstPage: { p50Ms: number; p99Ms: number };
  search: { p50Ms: number; p99Ms: number };
  statusAndDates: { p50Ms: number; p99Ms: number };
}

/**
 * Seeds `count` applicants straight into a fresh database (one transaction, prepared statements):
 * a spread of names, statuses and submission days over a cycle; then times the staff list's
 * service call (the server's time without HTTP) for the first page, a search and a filter.
 */
export function staffListTimings(count = 50_000): StaffListFigures {
  const dataDir = mkdtempSync(join(tmpdir(), 'admissions-bench-staff-'));
  try {
    const db = openDatabase(join(dataDir, 'admissions.sqlite'));
    const cycleStart = Date.UTC(2026, 9, 1);
    const seedStarted = performance.now();
    const user = db.prepare('INSERT INTO users (username, password_hash, confirmed_at, created_at) VALUES (?, ?, ?, ?)');
    const application = db.prepare(
      'INSERT INTO applications (user_id, answers, version, last_page, updated_at, submitted_at, search_name) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const webStatus = db.prepare('INSERT INTO web_status_events (user_id, web_status, created_at) VALUES (?, ?, ?)');
    db.transaction(() => {
      for (let index = 0; index < count; index++) {
        const created = cycleStart + (index % 60) * DAY_MS + index;
        const userId = Number(user.run(`applicant.${index}@example.org`, 'x', created, created).lastInsertRowid);
        const kind = index % 10; // 0: account only; 1–3: started; 4–5: missing information; 6–9: submitted
        const answers =
          kind === 0 ? {} : { first_name: FIRST[index % FIRST.length], last_name: `${LAST[(index * 7) % LAST.length]} ${index}` };
        const submittedAt = kind >= 6 ? created + 5 * DAY_MS : null;
        application.run(
          userId,
          JSON.stringify(answers),
          kind === 0 ? 0 : 5,
          kind === 0 ? null : '/final-steps',
          created,
          submittedAt,
          searchNameOf(answers),
        );
        if (kind >= 4) webStatus.run(userId, 'started', created);
        if (kind >= 4) webStatus.run(userId, 'validating', created);
        if (kind >= 6) webStatus.run(userId, 'submitted', submittedAt);
      }
    })();
    const seedMs = Math.round(performance.now() - seedStarted);
    const service = createStaffApplications({ db, clock: { now: () => Date.now() }, decisionCodes: [] });
    const by = {
      staffId: Number(
        db.prepare("INSERT INTO staff (email, role, created_at) VALUES ('bench@college.example', 'reader', 0)").run().lastInsertRowid,
      ),
      client: '127.0.0.1',
    };
    const time = (query: Record<string, string>) => {
      const input = v.parse(applicationListQuery, query);
      for (let warm = 0; warm < 5; warm++) service.list(input, by);
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        service.list(input, by);
        times.push(performance.now() - started);
      }
      const round = (ms: number) => Math.round(ms * 10) / 10;
      return { p50Ms: round(percentile(times, 0.5)), p99Ms: round(percentile(times, 0.99)) };
    };
    const figures = {
      applications: count,
      seedMs,
      firstPage: time({}),
      search: time({ q: 'nguyen' }),
      statusAndDates: time({ status: 'submitted', submitted_from: '2026-10-20', submitted_to: '2026-11-10', sort: 'name', order: 'asc' }),
    };
    db.close();
    return figures;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
