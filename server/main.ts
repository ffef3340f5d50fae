import { resolve } from 'node:path';
import { startServer } from './bootstrap';
import { readServerConfig } from './config';
import { ensureFrontendBuilt } from './frontendBuild';
import { createLogger } from './log';

/** `npm start`: build the front end if it is missing or older than its sources, then serve everything from one process. */
const logger = createLogger();
try {
  const config = readServerConfig();
  const root = resolve(import.meta.dirname, '..');
  await ensureFrontendBuilt(root, logger);
  const running = await startServer(config, { logger, distDir: resolve(root, 'dist') });
  logger.info('listening', { url: running.url, data_dir: config.dataDir, mail: config.smtpUrl ? 'smtp' : 'outbox' });
  const stop = () => {
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  // Configuration mistakes are the common case here; their messages name the field to fix.
  console.error(`Admissions could not start: ${(error as Error).message}`);
  process.exit(1);
}
