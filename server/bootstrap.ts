import type { Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { openDatabase, type Db } from '../db/connection';
import { dropStaleUploadSlots } from '../db/documents';
import { purgeFinishedJobs } from '../db/jobs';
import { deleteExpiredSessions } from '../db/sessions';
import { countStaff } from '../db/staff';
import { checkCatalogue } from '../src/catalogue/devChecks';
import { DEVELOPMENT_MODE } from '../src/catalogue/limits';
import { loadCollegeConfig } from '../src/college/load';
import type { CollegeConfig } from '../src/college/schema';
import { SESSION_IDLE_MS } from './accounts/sessionPolicy';
import { createApp } from './app';
import { createAnswerStore } from './application/answerStore';
import { createAnswerVault } from './application/answerVault';
import { answerClientErrors } from './http/clientError';
import { systemClock, type Clock } from './clock';
import type { ServerConfig } from './config';
import { createHttpServer, stopHttpServer } from './httpServer';
import { claimDataDir, type InstanceLock } from './instanceLock';
import { forgetRunningAddress, recordRunningAddress } from './runningAddress';
import { createLogger, type Logger } from './log';
import { createMailer, type Mailer } from './mail/mailer';
import { sweep } from './maintenance/sweep';
import { conversionJobHandler, deleteObjectsJobHandler } from './documents/conversionJob';
import { zipExportJobHandler } from './exports/zipExportJob';
import { createJobRunner, type JobHooks } from './jobs/jobRunner';
import { createReleaseRunner } from './jobs/releaseRunner';
import { createWorkerPool } from './jobs/workerPool';
import { loadPlacesIfEmpty } from './lookup/addressIndex';
import { loadDemoSchoolsIfEmpty } from './lookup/demoSchools';
import { copyJobHandler, createCopyRenderer } from './pdf/copyJob';
import { createObjectStore } from './storage/createStore';
import type { ObjectStore } from './storage/objectStore';

export interface RunningServer {
  url: string;
  server: Server;
  db: Db;
  college: CollegeConfig;
  mailer: Mailer;
  store: ObjectStore;
  /**
   * Stops gracefully: no new connections, requests in flight finish (SHUTDOWN_TIMEOUT_MS at
   * most), then the job runner and worker pool stop, waiting mail is handed to SMTP, queued saves
   * are committed, and the database closes. Safe to call more than once.
   */
  close(): Promise<void>;
}

const HOUSEKEEPING_INTERVAL_MS = 5 * 60 * 1000;
/** Where finished ZIP exports wait to be downloaded, under DATA_DIR (private, like everything there). */
const ZIP_EXPORT_FOLDER = 'exports';
/** An upload form's record outlives the form by this much, so a late conversion request still finds it. */
const UPLOAD_SLOT_GRACE_MS = 60 * 60 * 1000;
/** Finished jobs are kept this long for diagnosis. */
const FINISHED_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Opens the database (migrating it), loads and checks the configuration, and listens. Used by
 * `npm start` and by the tests, which pass port 0, a temporary DATA_DIR and a manual clock.
 */
export async function startServer(
  config: ServerConfig,
  options: { clock?: Clock; logger?: Logger; distDir?: string; jobHooks?: JobHooks; instanceLock?: InstanceLock } = {},
): Promise<RunningServer> {
  const lock = options.instanceLock ?? claimDataDir(config.dataDir);
  try {
    return await startOnDataDir(config, options, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function startOnDataDir(
  config: ServerConfig,
  options: { clock?: Clock; logger?: Logger; distDir?: string; jobHooks?: JobHooks },
  lock: InstanceLock,
): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger({ silent: config.mode === 'test' });
  const college = loadCollegeConfig(config.collegeConfigFile);
  if (config.mode === DEVELOPMENT_MODE) checkCatalogue();
  const db = openDatabase(config.databaseFile);
  loadDemoSchoolsIfEmpty(db, logger);
  loadPlacesIfEmpty(db);
  const answers = createAnswerStore({ db, vault: createAnswerVault(config.encryptionKey), college });
  const mailer = createMailer({ db, clock, logger, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const store = createObjectStore(config.storage, { secret: config.secret });
  const { conversion } = config;
  const { libreOffice } = conversion;
  const pool = createWorkerPool({ size: conversion.concurrency });
  const copies = createCopyRenderer({ db, answers, clock, store, pool, secret: config.secret, college, timeoutMs: conversion.timeoutMs });
  const jobs = createJobRunner({
    db,
    clock,
    logger,
    concurrency: conversion.concurrency,
    hooks: options.jobHooks,
    handlers: {
      convert_document: conversionJobHandler({ db, clock, logger, store, pool, secret: config.secret, conversion }),
      render_copy: copyJobHandler(copies, { db, clock }),
      delete_objects: deleteObjectsJobHandler(store),
      build_zip: zipExportJobHandler({ db, clock, logger, store, copies, folder: join(config.dataDir, ZIP_EXPORT_FOLDER) }),
    },
  });
  const releases = createReleaseRunner({
    db,
    clock,
    logger,
    mailer,
    publicUrl: config.publicUrl,
    collegeName: college.name,
    mailsPerMinute: config.releaseMailsPerMinute,
  });
  const app = createApp({ db, clock, config, college, mailer, logger, store, jobs, releases, answers, distDir: options.distDir });

  const handleRequest = app.callback();
  // Koa's handler answers its own errors (ctx.onerror): its promise never rejects, so nothing waits on it.
  const server = createHttpServer((request, response) => void handleRequest(request, response), config.http);
  answerClientErrors(server, { hsts: config.secureCookies, connectSources: store.uploadOrigins, logger });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
      server.listen(config.port, config.host);
    });
  } catch (error) {
    releases.stop();
    await Promise.all([jobs.stop(), pool.close()]);
    mailer.close();
    db.close();
    throw error;
  }
  // Jobs left 'running' by the previous process are queued again here; a release left part-way goes on.
  jobs.start();
  releases.start();
  // The first applicant should not wait for a thread to start; tests start many servers and skip it.
  if (config.mode !== 'test') pool.warm();
  if (countStaff(db) === 0) {
    logger.info('no_staff_account', {
      hint: 'No staff account exists yet. Invite the first admin with: npm run admin -- staff-invite EMAIL --role admin',
    });
  }
  logger.info('documents', { storage: store.kind, docx: libreOffice ? 'libreoffice' : 'js', concurrency: conversion.concurrency });
  const housekeeping = setInterval(() => {
    const now = clock.now();
    deleteExpiredSessions(db, now, SESSION_IDLE_MS);
    dropStaleUploadSlots(db, now - UPLOAD_SLOT_GRACE_MS, now);
    purgeFinishedJobs(db, now - FINISHED_JOB_RETENTION_MS);
    sweep(db, now);
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();

  let closing: Promise<void> | undefined;
  const { port } = server.address() as AddressInfo;
  recordRunningAddress(config.dataDir, config.publicUrlSource === 'PUBLIC_URL' ? config.publicUrl : `http://localhost:${port}`);
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return {
    url: `http://${shownHost}:${port}`,
    server,
    db,
    college,
    mailer,
    store,
    close() {
      closing ??= stop();
      return closing;
    },
  };

  async function stop(): Promise<void> {
    clearInterval(housekeeping);
    const started = Date.now();
    const { cut } = await stopHttpServer(server, config.shutdownTimeoutMs);
    if (cut) logger.warn('shutdown_cut_requests', { after_ms: config.shutdownTimeoutMs });
    await answers.settled();
    // Running jobs stay 'running' in the table and are resumed by the next start, as does a release.
    releases.stop();
    await Promise.all([jobs.stop(), pool.close()]);
    await handOverMail(mailer, Math.max(0, config.shutdownTimeoutMs - (Date.now() - started)));
    mailer.close();
    db.close();
    forgetRunningAddress(config.dataDir);
    lock.release();
  }
}

/** Gives the mail waiting in the outbox a last chance to go out, within what is left of the shutdown time; the rest goes at the next start. */
async function handOverMail(mailer: Mailer, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const delivery = mailer.deliverPending().catch(() => {});
  await Promise.race([delivery, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
}
