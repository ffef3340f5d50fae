import type { Db } from './connection';
import { enqueueJob, type JobState } from './jobs';
import { filteredApplicationIds, type ApplicationFilter } from './staffApplications';
import { stmt } from './statements';

export interface ZipExportRow {
  job_id: number;
  staff_id: number;
  /** The list's filter as the access log records it (JSON). */
  filter: string;
  include_documents: 0 | 1;
  total: number;
  done: number;
  file_path: string | null;
  not_included: number;
  created_at: number;
  finished_at: number | null;
  /** The job's state; null once the finished job was purged. */
  state: JobState | null;
}

/**
 * Queues a ZIP export: its 'build_zip' job, its row, and the ids of every application the filter
 * finds now, in the list's order, inserted by one statement in the same transaction (what the
 * admin saw is what the ZIP holds, however the applications change meanwhile).
 */
export function createZipExport(
  db: Db,
  request: { staffId: number; query: ApplicationFilter; filter: unknown; includeDocuments: boolean },
  now: number,
): { jobId: number; total: number } {
  return db
    .transaction(() => {
      const jobId = enqueueJob(db, { kind: 'build_zip' }, now);
      stmt(db, 'INSERT INTO zip_exports (job_id, staff_id, filter, include_documents, total, created_at) VALUES (?, ?, ?, ?, 0, ?)').run(
        jobId,
        request.staffId,
        JSON.stringify(request.filter),
        request.includeDocuments ? 1 : 0,
        now,
      );
      const { sql, params } = filteredApplicationIds(request.query);
      const total = stmt(db, `INSERT INTO zip_export_items (job_id, user_id) SELECT @jobId, user_id FROM (${sql})`).run({
        ...params,
        jobId,
      }).changes;
      stmt(db, 'UPDATE zip_exports SET total = ? WHERE job_id = ?').run(total, jobId);
      return { jobId, total };
    })
    .immediate();
}

export function findZipExport(db: Db, jobId: number): ZipExportRow | undefined {
  return stmt(db, 'SELECT e.*, j.state FROM zip_exports e LEFT JOIN jobs j ON j.id = e.job_id WHERE e.job_id = ?').get(jobId) as
    ZipExportRow | undefined;
}

/** One application of an export, with what its file names are made of; `present` is 0 when the account is gone. */
export interface ZipExportItem {
  id: number;
  user_id: number;
  present: 0 | 1;
  submitted_at: number | null;
  first_name: unknown;
  last_name: unknown;
}

/** The next applications of an export after position `afterId`, a page at a time, so none is held whole. */
export function nextZipExportItems(db: Db, jobId: number, afterId: number, limit: number): ZipExportItem[] {
  return stmt(
    db,
    `SELECT i.id, i.user_id, a.user_id IS NOT NULL AS present, a.submitted_at,
       json_extract(a.answers, '$.first_name') AS first_name, json_extract(a.answers, '$.last_name') AS last_name
     FROM zip_export_items i LEFT JOIN applications a ON a.user_id = i.user_id
     WHERE i.job_id = ? AND i.id > ? ORDER BY i.id LIMIT ?`,
  ).all(jobId, afterId, limit) as ZipExportItem[];
}

/** How many exports an admin has asked for that are not finished yet. */
export function countUnfinishedZipExports(db: Db, staffId: number): number {
  return (stmt(db, 'SELECT COUNT(*) AS n FROM zip_exports WHERE staff_id = ? AND finished_at IS NULL').get(staffId) as { n: number }).n;
}

/** A (re)start of the build: nothing written yet. */
export function restartZipExport(db: Db, jobId: number): void {
  stmt(db, 'UPDATE zip_exports SET done = 0, not_included = 0, file_path = NULL, finished_at = NULL WHERE job_id = ?').run(jobId);
}

export function recordZipExportProgress(db: Db, jobId: number, done: number): void {
  stmt(db, 'UPDATE zip_exports SET done = ? WHERE job_id = ?').run(done, jobId);
}

export function completeZipExport(db: Db, jobId: number, result: { filePath: string; notIncluded: number }, now: number): void {
  stmt(db, 'UPDATE zip_exports SET done = total, file_path = ?, not_included = ?, finished_at = ? WHERE job_id = ?').run(
    result.filePath,
    result.notIncluded,
    now,
    jobId,
  );
}

export function recordZipExportFailure(db: Db, jobId: number, now: number): void {
  stmt(db, 'UPDATE zip_exports SET file_path = NULL, finished_at = ? WHERE job_id = ?').run(now, jobId);
}

/** Exports finished (or failed) before `finishedBefore`: their files are to be removed, then their rows. */
export function listExpiredZipExports(db: Db, finishedBefore: number): { job_id: number; file_path: string | null }[] {
  return stmt(db, 'SELECT job_id, file_path FROM zip_exports WHERE finished_at < ?').all(finishedBefore) as {
    job_id: number;
    file_path: string | null;
  }[];
}

export function deleteZipExport(db: Db, jobId: number): void {
  stmt(db, 'DELETE FROM zip_exports WHERE job_id = ?').run(jobId);
}
