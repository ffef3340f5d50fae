// Running from the TypeScript sources (vitest, `npm run dev`), worker threads do not inherit tsx's
// loader: register it, then load the TypeScript entry. The server build (`npm start`) does not use this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

/** @type {unknown} */
const data = workerData;
const entry = typeof data === 'object' && data !== null && 'entry' in data ? data.entry : undefined;
if (typeof entry !== 'string') throw new Error('workerBoot.mjs needs workerData.entry, the TypeScript entry to load.');
register();
await import(entry);
