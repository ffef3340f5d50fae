import { startServer } from '../../../server/bootstrap';
import { readServerConfig } from '../../../server/config';
import { createLogger } from '../../../server/log';
import { stopOnSignals } from '../../../server/signals';

/** A server in its own process (API only), for tests that signal or kill it: prints its URL once listening, stops on SIGTERM as `npm start` does. */
const config = readServerConfig({ ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1' });
const running = await startServer(config);
stopOnSignals(running, createLogger({ silent: true }));
console.log(JSON.stringify({ event: 'listening', url: running.url }));
