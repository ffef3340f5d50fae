import type { Db } from './connection';
import { stmt } from './statements';

export type JobKind = 'convert_document' | 'render_copy' | 'delete_objects' | 'build_zip';
export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobRow {
  id: number;
  kind: JobKind;
  user_id: number | null;
  answer_key: string | null;
  generation: number | null;
  payload: string;
  state: JobState;
  attempts: number;
  last_error: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

export interface NewJob {
  kind: JobKind;
  userId?: number;
  answerKey?: string;
  generation?: number;
  payload?: Record<string, unknown>;
}

/** Queues a job; callers run it inside the transaction that made the job necessary, so neither exists without the other. */
export function enqueueJob(db: Db, job: NewJob, now: number): number {
  return Number(
    stmt(
      db,
      `INSERT INTO jobs (kind, user_id, answer_key, generation, payload, state, created_at)
       VALUES (?, ?, ?, ?, ?, 'queued', ?)`,
    ).run(job.kind, job.userId ?? null, job.answerKey ?? null, job.generation ?? null, JSON.stringify(job.payload ?? {}), now)
      .lastInsertRowid,
  );
}

/**
 * Stored objects are deleted by a job queued with the rows that referred to them: the rows go at
 * once, the files follow even if the server stops in between.
 */
export function enqueueObjectDeletion(db: Db, keys: readonly (string | null | undefined)[], now: number): void {
  const present = keys.filter((key): key is string => typeof key === 'string' && key !== '');
  if (present.length > 0) enqueueJob(db, { kind: 'delete_objects', payload: { keys: present } }, now);
}

/**
 * Takes the next queued job and marks it running. A job waits while another job of the same kind
 * for the same applicant and question runs, so two renderings of one copy never race; an
 * applicant's conversion waits while another of theirs runs (one conversion per applicant at a
 * time). Slots are shared fairly: applicants with fewer running jobs come first, then the one whose
 * last job started longest ago (round robin), then PDF copies (what an applicant waits for on
 * screen) before conversions, then the oldest job; so one applicant's queue cannot keep everyone
 * else's waiting. With `conversions: false` only other jobs are taken (the runner keeps a slot
 * for PDF copies). ZIP exports are never taken here: they run in a lane of their own
 * (claimNextZipExport).
 */
export function claimNextJob(db: Db, now: number, options: { conversions?: boolean } = {}): JobRow | undefined {
  return stmt(
    db,
    `UPDATE jobs SET state = 'running', attempts = attempts + 1, started_at = ?
     WHERE id = (
       SELECT q.id FROM jobs q WHERE q.state = 'queued' AND q.kind <> 'build_zip' AND NOT EXISTS (
         SELECT 1 FROM jobs r WHERE r.state = 'running' AND r.kind = q.kind
           AND r.user_id IS q.user_id AND r.answer_key IS q.answer_key AND q.user_id IS NOT NULL
       ) AND (? OR q.kind <> 'convert_document') AND NOT (q.kind = 'convert_document' AND EXISTS (
         SELECT 1 FROM jobs r WHERE r.state = 'running' AND r.kind = 'convert_document' AND r.user_id = q.user_id
       ))
       ORDER BY
         (SELECT COUNT(*) FROM jobs r WHERE r.state = 'running' AND r.user_id = q.user_id),
         COALESCE((SELECT MAX(s.started_at) FROM jobs s WHERE s.user_id = q.user_id), 0),
         q.kind = 'convert_document',
         q.id
       LIMIT 1
     ) RETURNING *`,
  ).get(now, options.conversions === false ? 0 : 1) as JobRow | undefined;
}

/** Takes the oldest queued ZIP export and marks it running; the runner runs one at a time. */
export function claimNextZipExport(db: Db, now: number): JobRow | undefined {
  return stmt(
    db,
    `UPDATE jobs SET state = 'running', attempts = attempts + 1, started_at = ?
     WHERE id = (SELECT id FROM jobs WHERE state = 'queued' AND kind = 'build_zip' ORDER BY id LIMIT 1) RETURNING *`,
  ).get(now) as JobRow | undefined;
}

export function finishJob(db: Db, id: number, now: number): void {
  stmt(db, "UPDATE jobs SET state = 'done', finished_at = ?, last_error = NULL WHERE id = ?").run(now, id);
}

export function failJob(db: Db, id: number, error: string, now: number): void {
  stmt(db, "UPDATE jobs SET state = 'failed', finished_at = ?, last_error = ? WHERE id = ?").run(now, error, id);
}

/** Puts a job back in the queue after an unexpected error; attempts keeps counting. */
export function requeueJob(db: Db, id: number, error: string): void {
  stmt(db, "UPDATE jobs SET state = 'queued', last_error = ? WHERE id = ?").run(error, id);
}

/** At start-up: the jobs that were running when the server stopped. */
export function listInterruptedJobs(db: Db): JobRow[] {
  return stmt(db, "SELECT * FROM jobs WHERE state = 'running' ORDER BY id").all() as JobRow[];
}

export function findJob(db: Db, id: number): JobRow | undefined {
  return stmt(db, 'SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
}

/** The queued or running job of a kind for an applicant, if any. */
export function findActiveJob(db: Db, kind: JobKind, userId: number): JobRow | undefined {
  return stmt(
    db,
    "SELECT * FROM jobs WHERE kind = ? AND user_id = ? AND state IN ('queued', 'running') ORDER BY state = 'queued' DESC, id DESC LIMIT 1",
  ).get(kind, userId) as JobRow | undefined;
}

export function countJobs(db: Db, state: JobState): number {
  return (stmt(db, 'SELECT COUNT(*) AS n FROM jobs WHERE state = ?').get(state) as { n: number }).n;
}

/** Housekeeping: finished jobs are kept a while for diagnosis, then dropped. */
export function purgeFinishedJobs(db: Db, finishedBefore: number): number {
  return stmt(db, "DELETE FROM jobs WHERE state IN ('done', 'failed') AND finished_at < ?").run(finishedBefore).changes;
}
