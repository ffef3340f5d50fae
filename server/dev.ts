import { createServer } from 'vite';
import { resolve } from 'node:path';
import { startServer } from './bootstrap';
import { readServerConfig } from './config';
import { createLogger } from './log';

/**
 * `npm run dev`: the API on API_PORT (default 3001) and Vite with hot reloading on PORT (default
 * 3000), which proxies the API prefixes to it. The catalogue's development checks run here.
 */
process.env.NODE_ENV ??= 'development';
const logger = createLogger();
const apiPort = Number(process.env.API_PORT ?? 3001);
process.env.API_PORT = String(apiPort);
const config = readServerConfig({ ...process.env, PORT: String(apiPort) });
const api = await startServer(
  { ...config, host: '127.0.0.1', publicUrl: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}` },
  { logger },
);
const vite = await createServer({ root: resolve(import.meta.dirname, '..'), server: { port: Number(process.env.PORT ?? 3000) } });
await vite.listen();
logger.info('dev_server', { app: vite.resolvedUrls?.local[0], api: api.url });
