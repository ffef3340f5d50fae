import { resolve } from 'node:path';
import { startServer } from './bootstrap';
import { readServerConfig } from './config';
import { ensureFrontendBuilt } from './frontendBuild';
import { claimDataDir } from './instanceLock';
import { createLogger } from './log';
import { PROJECT_ROOT } from './runtimeLayout';
import { stopOnSignals } from './signals';

/**
 * The server's entry, run by `npm start` as build/server/main.js (scripts/start.mjs): build the front
 * end if it is missing or older than its sources, then serve everything from one process.
 */
const logger = createLogger();
try {
  const config = readServerConfig();
  // Claimed before the front end's build, so a second process on the same DATA_DIR stops before touching anything.
  const instanceLock = claimDataDir(config.dataDir);
  await ensureFrontendBuilt(PROJECT_ROOT, logger);
  const running = await startServer(config, { logger, distDir: resolve(PROJECT_ROOT, 'dist'), instanceLock });
  logger.info('listening', { url: running.url, data_dir: config.dataDir, mail: config.smtpUrl ? 'smtp' : 'outbox' });
  stopOnSignals(running, logger);
} catch (error) {
  // Configuration mistakes are the common case here; their messages name the field to fix.
  console.error(`Admissions could not start: ${(error as Error).message}`);
  process.exit(1);
}
