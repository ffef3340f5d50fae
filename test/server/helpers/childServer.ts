import { startServer } from '../../../server/bootstrap';
import { readServerConfig } from '../../../server/config';

/** A server in its own process (API only), for tests that kill it: prints its URL once listening. */
const config = readServerConfig({ ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1' });
const running = await startServer(config);
console.log(JSON.stringify({ event: 'listening', url: running.url }));
