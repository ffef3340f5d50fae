import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { completeApplication } from '../test/fixtures/completeApplication';
import { openDatabase } from '../db/connection';
import { findJob } from '../db/jobs';
import { searchNameOf } from '../db/searchText';
import { createZipExport, findZipExport } from '../db/zipExports';
import { createAnswerStore } from '../server/application/answerStore';
import { createAnswerVault } from '../server/application/answerVault';
import { applicationFilter } from '../server/application/staffApplications';
import { systemClock } from '../server/clock';
import { zipExportJobHandler } from '../server/exports/zipExportJob';
import { createWorkerPool } from '../server/jobs/workerPool';
import { createLogger } from '../server/log';
import { createCopyRenderer } from '../server/pdf/copyJob';
import { createLocalStore } from '../server/storage/localStore';
import { loadCollegeConfig } from '../src/college/load';

export interface ZipExportFigures {
  applications: number;
  /** Every copy rendered by the export, then every copy already stored. */
  rendering: { msPerApplication: number; peakRssGrowthMb: number };
  stored: { msPerApplication: number; peakRssGrowthMb: number };
  zipMb: number;
}

const MB = 1024 * 1024;

/**
 * The ZIP export's job over `count` submitted applications (complete answers, no documents),
 * in-process with two worker threads: its time per application and how far the process's memory
 * grew above where it started while it ran (the ZIP itself is written to disk as it goes), first
 * rendering every copy, then again with the copies stored.
 */
export async function zipExportTimings(count = 200): Promise<ZipExportFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'admissions-bench-zip-'));
  const pool = createWorkerPool({ size: 2 });
  try {
    const db = openDatabase(join(dataDir, 'admissions.sqlite'));
    const { ssn: _ssn, alien_registration_number: _alien, ...answers } = completeApplication as Record<string, unknown>;
    const user = db.prepare('INSERT INTO users (username, password_hash, confirmed_at, created_at) VALUES (?, ?, ?, ?)');
    const application = db.prepare(
      'INSERT INTO applications (user_id, answers, version, last_page, updated_at, submitted_at, search_name) VALUES (?, ?, 5, ?, ?, ?, ?)',
    );
    const now = Date.now();
    db.transaction(() => {
      for (let index = 0; index < count; index++) {
        const userId = Number(user.run(`zip.${index}@example.org`, 'x', now, now).lastInsertRowid);
        const own = { ...answers, last_name: `Example ${index}` };
        application.run(userId, JSON.stringify(own), '/final-steps', now, now, searchNameOf(own));
      }
    })();
    const staffId = Number(
      db.prepare("INSERT INTO staff (email, role, created_at) VALUES ('bench@college.example', 'admin', 0)").run().lastInsertRowid,
    );
    const college = loadCollegeConfig();
    const secret = randomBytes(32);
    const store = createLocalStore({ directory: join(dataDir, 'objects'), secret });
    const answerStore = createAnswerStore({ db, vault: createAnswerVault(randomBytes(32)), college });
    const copies = createCopyRenderer({ db, answers: answerStore, clock: systemClock, store, pool, secret, college, timeoutMs: 30_000 });
    const handler = zipExportJobHandler({
      db,
      clock: systemClock,
      logger: createLogger({ silent: true }),
      store,
      copies,
      folder: join(dataDir, 'exports'),
    });
    const { query, logged } = applicationFilter({ status: 'submitted', sort: 'last_change', order: 'desc' });

    const run = async () => {
      const { jobId } = createZipExport(db, { staffId, query, filter: logged, includeDocuments: false }, Date.now());
      const start = process.memoryUsage().rss;
      let peak = start;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const started = performance.now();
      await handler.run(findJob(db, jobId)!, new AbortController().signal);
      const ms = performance.now() - started;
      clearInterval(sampler);
      return {
        figures: { msPerApplication: Math.round((ms / count) * 10) / 10, peakRssGrowthMb: Math.round(((peak - start) / MB) * 10) / 10 },
        zipMb: Math.round((statSync(findZipExport(db, jobId)!.file_path!).size / MB) * 10) / 10,
      };
    };
    const rendering = await run();
    const stored = await run();
    await answerStore.settled();
    db.close();
    return { applications: count, rendering: rendering.figures, stored: stored.figures, zipMb: stored.zipMb };
  } finally {
    await pool.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
