import { monitorEventLoopDelay } from 'node:perf_hooks';
import jpeg from 'jpeg-js';
import { createWorkerPool } from '../server/jobs/workerPool';
import { loadCollegeConfig } from '../src/college/load';
import { completeApplication } from '../test/fixtures/completeApplication';
import { makePng } from '../test/server/helpers/files';
import { median } from './stats';

export interface DocumentTimings {
  pdfCopyMedianMs: number;
  png1MbToPdfMedianMs: number;
  jpeg1MbToPdfMedianMs: number;
  pngBytes: number;
  jpegBytes: number;
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
}

/** A noisy photo-like JPEG of about 1 MB (noise keeps the encoder from compressing it away). */
function makeJpeg(): Buffer {
  const side = 700;
  const data = Buffer.alloc(side * side * 4);
  for (let index = 0; index < data.length; index++) data[index] = (Math.random() * 256) | 0;
  return jpeg.encode({ data, width: side, height: side }, 92).data;
}

async function timeRuns(runs: number, task: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  return Math.round(median(times) * 10) / 10;
}

/**
 * The PDF copy of a full application and 1 MB PNG/JPEG conversions, run the way the server runs
 * them (worker threads), while the main thread's event-loop delay is measured: the requests it
 * answers meanwhile must not wait.
 */
export async function documentTimings(runs = 15): Promise<DocumentTimings> {
  const pool = createWorkerPool({ size: 2 });
  const college = loadCollegeConfig();
  const png = makePng(590, 590, { noise: true });
  const jpg = makeJpeg();
  const copyInput = {
    college,
    username: 'bench@example.org',
    answers: completeApplication,
    addAnother: { legacy: 4, activities: 4, sibling_attending: 4, sibling_apply: 4, parents: 2 },
    documents: [],
    submittedAt: Date.now(),
    renderedAt: Date.now(),
  };
  try {
    // Warm both threads: the first task of a thread loads TypeScript and the PDF libraries.
    await Promise.all([pool.run({ kind: 'copy', input: copyInput }, 60_000), pool.run({ kind: 'image', bytes: png }, 60_000)]);
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    const pdfCopyMedianMs = await timeRuns(runs, () => pool.run({ kind: 'copy', input: copyInput }, 60_000));
    const png1MbToPdfMedianMs = await timeRuns(runs, () => pool.run({ kind: 'image', bytes: png }, 60_000));
    const jpeg1MbToPdfMedianMs = await timeRuns(runs, () => pool.run({ kind: 'image', bytes: jpg }, 60_000));
    histogram.disable();
    return {
      pdfCopyMedianMs,
      png1MbToPdfMedianMs,
      jpeg1MbToPdfMedianMs,
      pngBytes: png.length,
      jpegBytes: jpg.length,
      eventLoopDelayP99Ms: Math.round((histogram.percentile(99) / 1e6) * 10) / 10,
      eventLoopDelayMaxMs: Math.round((histogram.max / 1e6) * 10) / 10,
    };
  } finally {
    await pool.close();
  }
}
