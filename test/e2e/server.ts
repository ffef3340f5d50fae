import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer } from '../../server/bootstrap';
import { readServerConfig } from '../../server/config';
import { ensureFrontendBuilt } from '../../server/frontendBuild';
import { createLogger } from '../../server/log';

/** The server the browser tests talk to: the built front end, a fresh database, mail in the outbox. */
const root = resolve(import.meta.dirname, '../..');
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'admissions-e2e-'));
const port = process.env.E2E_PORT ?? '4311';
const logger = createLogger({ silent: true });
await ensureFrontendBuilt(root, logger);
// Every test's browser comes from 127.0.0.1, as a whole school lab behind one address would: the
// run makes hundreds of accounts in an hour, so it widens the per-address budgets the way such a
// college would (test/server/throttle.test.ts keeps them at their defaults).
const config = readServerConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  PORT: port,
  HOST: '127.0.0.1',
  CLIENT_LIMIT_FACTOR: process.env.CLIENT_LIMIT_FACTOR ?? '40',
});
// PUBLIC_URL (mail links) names another address than the one the browser opens (playwright.config.ts).
const publicUrl = process.env.E2E_PUBLIC_URL ?? `http://localhost:${port}`;
await startServer({ ...config, publicUrl }, { logger, distDir: join(root, 'dist') });
console.log(JSON.stringify({ event: 'e2e_server', url: `http://127.0.0.1:${port}`, publicUrl, dataDir }));
