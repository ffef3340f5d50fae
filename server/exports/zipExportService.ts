import { rmSync, statSync } from 'node:fs';
import { appendAccess } from '../../db/accessLog';
import type { Db } from '../../db/connection';
import {
  countUnfinishedZipExports,
  createZipExport,
  deleteZipExport,
  findZipExport,
  listExpiredZipExports,
  type ZipExportRow,
} from '../../db/zipExports';
import { STAFF_EXPORT_MESSAGES, type ZipExportInput } from '../../src/catalogue/schema/staffExports';
import { applicationFilter } from '../application/staffApplications';
import type { Clock } from '../clock';
import { HttpError } from '../http/errors';

/** Exports an admin may have waiting or being made at once: each holds a job and, while it runs, the worker pool. */
const UNFINISHED_EXPORTS_MAX = 2;

type ZipExportState = 'queued' | 'running' | 'done' | 'failed';

interface StaffCaller {
  staffId: number;
  client: string;
}

/** A finished job purged from the queue leaves its export: complete if its file was written, else failed. */
const stateOf = (row: ZipExportRow): ZipExportState => row.state ?? (row.file_path ? 'done' : 'failed');

/**
 * The ZIP of the filtered applications: asked for by an admin with the list's filters, built by
 * a 'build_zip' job, followed and downloaded by that admin only (another staff member is told it
 * does not exist). Each download is written to the access log with how many applications it holds
 * and the filter that chose them.
 */
export function createZipExports(deps: { db: Db; clock: Clock; wake(): void }) {
  const { db, clock } = deps;

  function own(jobId: number, staffId: number): ZipExportRow {
    const row = findZipExport(db, jobId);
    if (!row || row.staff_id !== staffId) throw new HttpError(404, STAFF_EXPORT_MESSAGES.export);
    return row;
  }

  return {
    start(input: ZipExportInput, by: StaffCaller): { job_id: number; total: number } {
      if (countUnfinishedZipExports(db, by.staffId) >= UNFINISHED_EXPORTS_MAX) throw new HttpError(429, STAFF_EXPORT_MESSAGES.tooMany);
      const { query, logged } = applicationFilter(input.filters);
      const { jobId, total } = createZipExport(
        db,
        { staffId: by.staffId, query, filter: logged, includeDocuments: input.include_documents },
        clock.now(),
      );
      deps.wake();
      return { job_id: jobId, total };
    },

    status(jobId: number, by: StaffCaller): { state: ZipExportState; done: number; total: number; message?: string } {
      const row = own(jobId, by.staffId);
      const state = stateOf(row);
      const answer = { state, done: row.done, total: row.total };
      if (state === 'failed') return { ...answer, message: STAFF_EXPORT_MESSAGES.failed };
      if (state === 'done' && row.not_included > 0) {
        return { ...answer, message: `Some files could not be included: NOT-INCLUDED.txt in the ZIP lists them (${row.not_included}).` };
      }
      return answer;
    },

    /** The finished ZIP's file and size; the download is written to the access log. */
    download(jobId: number, by: StaffCaller): { path: string; size: number; fileName: string } {
      const row = own(jobId, by.staffId);
      if (stateOf(row) !== 'done' || !row.file_path) throw new HttpError(409, STAFF_EXPORT_MESSAGES.notReady);
      let size: number;
      try {
        size = statSync(row.file_path).size;
      } catch {
        throw new HttpError(404, STAFF_EXPORT_MESSAGES.export);
      }
      appendAccess(
        db,
        {
          kind: 'export',
          staffId: by.staffId,
          client: by.client,
          count: row.total,
          filter: JSON.parse(row.filter) as unknown,
          detail: row.include_documents ? 'zip with documents' : 'zip',
        },
        clock.now(),
      );
      const day = new Date(row.created_at).toISOString().slice(0, 10);
      return { path: row.file_path, size, fileName: `applications-${day}-${jobId}.zip` };
    },
  };
}

export type ZipExports = ReturnType<typeof createZipExports>;

/** Housekeeping: an export finished (or failed) before `finishedBefore` goes, its file first, then its row and its list of applications. */
export function removeExpiredZipExports(db: Db, finishedBefore: number): number {
  const expired = listExpiredZipExports(db, finishedBefore);
  for (const row of expired) {
    if (row.file_path) rmSync(row.file_path, { force: true });
    deleteZipExport(db, row.job_id);
  }
  return expired.length;
}
