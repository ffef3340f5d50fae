import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase, type Db } from '../db/connection';
import { deleteExpiredSessions } from '../db/sessions';
import { checkCatalogue } from '../src/catalogue/devChecks';
import { loadCollegeConfig } from '../src/college/load';
import type { CollegeConfig } from '../src/college/schema';
import { SESSION_IDLE_MS } from './accounts/sessionPolicy';
import { createApp } from './app';
import { systemClock, type Clock } from './clock';
import type { ServerConfig } from './config';
import { createLogger, type Logger } from './log';
import { createMailer, type Mailer } from './mail/mailer';

export interface RunningServer {
  url: string;
  server: Server;
  db: Db;
  college: CollegeConfig;
  mailer: Mailer;
  close(): Promise<void>;
}

const HOUSEKEEPING_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Opens the database (migrating it), loads and checks the configuration, and listens. Used by
 * `npm start` and by the tests, which pass port 0, a temporary DATA_DIR and a manual clock.
 */
export async function startServer(
  config: ServerConfig,
  options: { clock?: Clock; logger?: Logger; distDir?: string } = {},
): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger({ silent: config.mode === 'test' });
  const college = loadCollegeConfig(config.collegeConfigFile);
  if (config.mode === 'development') checkCatalogue();
  const db = openDatabase(config.databaseFile);
  const mailer = createMailer({ db, clock, logger, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const app = createApp({ db, clock, config, college, mailer, logger, distDir: options.distDir });

  const server = app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const housekeeping = setInterval(() => deleteExpiredSessions(db, clock.now(), SESSION_IDLE_MS), HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();

  const { port } = server.address() as AddressInfo;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return {
    url: `http://${shownHost}:${port}`,
    server,
    db,
    college,
    mailer,
    async close() {
      clearInterval(housekeeping);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      mailer.close();
      db.close();
    },
  };
}
