import type { Db } from '../../db/connection';
import {
  claimNextJob,
  claimNextZipExport,
  failJob,
  finishJob,
  listInterruptedJobs,
  requeueJob,
  type JobKind,
  type JobRow,
} from '../../db/jobs';
import type { Clock } from '../clock';
import { ConversionRefused } from '../documents/convert/conversionRefused';
import type { Logger } from '../log';

/**
 * Runs the jobs table: claims queued jobs (a few at a time), runs their handler and records the
 * outcome. The queue lives in SQLite, so a job survives a restart: whatever was 'running' when the
 * server stopped is queued again at start. A handler's heavy work goes to the worker pool or a
 * child process; here only awaiting happens, so requests are never kept waiting.
 */
export interface JobHandler {
  run(job: JobRow, signal: AbortSignal): Promise<void>;
  /** The job will not be retried: record the failure where the applicant sees it. */
  giveUp?(job: JobRow, userMessage: string | undefined): void;
}

export interface JobHooks {
  /** Tests: runs after a job is claimed and before its handler, e.g. to hold it 'mid-conversion'. */
  beforeJob?(job: JobRow, signal: AbortSignal): Promise<void>;
}

export interface JobRunner {
  start(): void;
  /** Look at the queue now rather than at the next poll (called after a request queued a job). */
  wake(): void;
  stop(): Promise<void>;
}

export const MAX_JOB_ATTEMPTS = 3;
const POLL_MS = 1000;
const STOP_GRACE_MS = 2000;

export function createJobRunner(deps: {
  db: Db;
  clock: Clock;
  logger: Logger;
  handlers: Record<JobKind, JobHandler>;
  concurrency: number;
  hooks?: JobHooks;
}): JobRunner {
  const { db, clock, logger } = deps;
  const running = new Set<Promise<void>>();
  const abort = new AbortController();
  let stopped = false;
  let started = false;
  let poll: NodeJS.Timeout | undefined;
  let tickQueued = false;

  /** Conversions (untrusted files, the long jobs) never take every slot: one is kept for PDF copies and deletions. */
  const conversionSlots = Math.max(1, deps.concurrency - 1);
  const runningConversions = new Set<number>();

  /**
   * A ZIP export runs beside the other jobs and takes none of their slots: it is long (minutes to
   * hours), mostly waits on the worker pool and the disk, and must not keep an applicant's
   * conversion or copy waiting. One runs at a time.
   */
  let zipExport: number | undefined;

  function tick(): void {
    tickQueued = false;
    if (!stopped && zipExport === undefined) {
      const job = claimNextZipExport(db, clock.now());
      if (job) launch(job);
    }
    while (!stopped && running.size - (zipExport === undefined ? 0 : 1) < deps.concurrency) {
      const job = claimNextJob(db, clock.now(), { conversions: runningConversions.size < conversionSlots });
      if (!job) return;
      launch(job);
    }
  }

  function launch(job: JobRow): void {
    if (job.kind === 'convert_document') runningConversions.add(job.id);
    if (job.kind === 'build_zip') zipExport = job.id;
    const work = execute(job)
      .catch((error) => {
        // Recording the outcome failed (the database closing under us, say): the job stays 'running' and resumes at the next start.
        if (!stopped) logger.error('job_record_error', { job: job.id, error: error instanceof Error ? error.name : 'unknown' });
      })
      .finally(() => {
        running.delete(work);
        runningConversions.delete(job.id);
        if (zipExport === job.id) zipExport = undefined;
        wake();
      });
    running.add(work);
  }

  async function execute(job: JobRow): Promise<void> {
    const handler = deps.handlers[job.kind];
    const started = performance.now();
    try {
      await deps.hooks?.beforeJob?.(job, abort.signal);
      if (stopped) return;
      await handler.run(job, abort.signal);
      if (stopped) return;
      finishJob(db, job.id, clock.now());
      logger.info('job_done', { job: job.id, kind: job.kind, ms: Math.round(performance.now() - started) });
    } catch (error) {
      // Stopping leaves the job 'running': the next start queues it again.
      if (stopped) return;
      // Failed on its input (a refused file, or one that ran its worker out of memory): it would
      // fail again, so it fails now with the applicant's message. Anything else (a store or a
      // thread gone for a moment) is tried again, up to MAX_JOB_ATTEMPTS.
      const refused = error instanceof ConversionRefused;
      const summary = error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'unknown error';
      if (!refused && job.attempts < MAX_JOB_ATTEMPTS) {
        logger.warn('job_retry', { job: job.id, kind: job.kind, attempt: job.attempts, error: summary });
        requeueJob(db, job.id, summary);
        return;
      }
      logger.warn('job_failed', { job: job.id, kind: job.kind, attempt: job.attempts, refused, error: refused ? 'refused' : summary });
      try {
        handler.giveUp?.(job, refused ? error.userMessage : undefined);
      } finally {
        failJob(db, job.id, refused ? 'refused' : summary, clock.now());
      }
    }
  }

  function wake(): void {
    if (stopped || !started || tickQueued) return;
    tickQueued = true;
    setImmediate(() => {
      try {
        tick();
      } catch (error) {
        if (!stopped) logger.error('job_queue_error', { error: error instanceof Error ? error.name : 'unknown' });
      }
    });
  }

  return {
    start() {
      // Interrupted jobs run again, unless they were already tried too often (one that keeps
      // taking the process down must not do so forever).
      const interrupted = listInterruptedJobs(db);
      for (const job of interrupted) {
        if (job.attempts < MAX_JOB_ATTEMPTS) {
          requeueJob(db, job.id, 'interrupted by a stop');
          continue;
        }
        try {
          deps.handlers[job.kind].giveUp?.(job, undefined);
        } finally {
          failJob(db, job.id, 'interrupted too often', clock.now());
        }
      }
      if (interrupted.length > 0) logger.info('jobs_resumed', { count: interrupted.length });
      started = true;
      poll = setInterval(wake, POLL_MS);
      poll.unref();
      wake();
    },
    wake,
    async stop() {
      stopped = true;
      clearInterval(poll);
      abort.abort();
      const grace = new Promise<void>((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
      await Promise.race([Promise.allSettled([...running]).then(() => undefined), grace]);
    },
  };
}
