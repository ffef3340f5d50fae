// Running from the TypeScript sources (vitest, `npm run dev`), worker threads do not inherit tsx's
// loader: register it, then load the TypeScript entry. The server build (`npm start`) does not use this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
