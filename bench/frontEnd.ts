import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumForThisRun } from '../test/e2e/helpers/chromium';
import { blockingTime, median } from './stats';

interface RunFigures {
  lcpMs: number;
  /**
   * Total blocking time as the metric is defined (web.dev, Lighthouse): each long task's time
   * beyond 50 ms, counted from the first contentful paint on (a task that began before it counts
   * from it).
   */
  totalBlockingTimeMs: number;
  /** The same sum over every long task from the navigation on: the browser's own start included. */
  blockingFromNavigationMs: number;
  /** First contentful paint. */
  fcpMs: number;
  /** When the page's first heading (h1) was first painted. */
  headingMs: number;
  /** Cumulative layout shift of the load. */
  layoutShift: number;
}

/** The medians of the runs, and every run in order: the median is reported, not the best run. */
export interface PageTimings extends RunFigures {
  runs: RunFigures[];
}

/** The median of five cold loads. */
const PAGE_RUNS = 5;

/**
 * DevTools' slow 3G as the performance panel names it: a 2 s round trip and about 400 kbit/s
 * each way. With it a page shows what an applicant on a poor connection sees while it loads.
 */
const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 };

type PerfState = Omit<RunFigures, 'totalBlockingTimeMs' | 'blockingFromNavigationMs'> & {
  busyUntil: number;
  tasks: { start: number; duration: number }[];
};
declare global {
  interface Window {
    __perf: PerfState;
  }
}

/**
 * Paint and blocking figures of a page in Chromium with the CPU slowed 4× (DevTools' throttling),
 * optionally on slow 3G, the median of five cold loads. Long tasks are gathered until the page has
 * been quiet for a second after LCP; TBT counts them from the first contentful paint.
 */
export async function measurePage(
  url: string,
  { runs = PAGE_RUNS, network }: { runs?: number; network?: 'slow3g' } = {},
): Promise<PageTimings> {
  const browser = await chromium.launch({ executablePath: (await chromiumForThisRun()).executablePath, args: CHROMIUM_ARGS });
  const measured: RunFigures[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      if (network === 'slow3g') {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
      }
      await page.addInitScript(() => {
        const state = {
          lcpMs: 0,
          fcpMs: 0,
          headingMs: 0,
          layoutShift: 0,
          busyUntil: 0,
          tasks: [] as { start: number; duration: number }[],
        };
        window.__perf = state;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) state.lcpMs = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            state.tasks.push({ start: entry.startTime, duration: entry.duration });
            state.busyUntil = Math.max(state.busyUntil, entry.startTime + entry.duration);
          }
        }).observe({ type: 'longtask', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') state.fcpMs = entry.startTime;
        }).observe({ type: 'paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) state.layoutShift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // The heading counts from the frame after it is in the document: the frame that paints it.
        // (No named functions in here: tsx would wrap them in a helper the page does not have.)
        new MutationObserver((_, observer) => {
          if (!document.querySelector('h1')) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            state.headingMs = performance.now();
          });
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
      // Read once the page painted its content and then had no long task for a second: a run that
      // has not painted yet must not count as an LCP of 0.
      await page.waitForFunction(
        () => {
          const perf = window.__perf;
          return perf.lcpMs > 0 && perf.headingMs > 0 && performance.now() - Math.max(perf.lcpMs, perf.busyUntil) > 1000;
        },
        null,
        { timeout: 120_000, polling: 100 },
      );
      const { busyUntil: _, tasks, ...figures } = await page.evaluate(() => window.__perf);
      measured.push({ ...figures, totalBlockingTimeMs: blockingTime(tasks, figures.fcpMs), blockingFromNavigationMs: blockingTime(tasks) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const medianOf = (pick: (run: RunFigures) => number, digits = 0) => {
    const factor = 10 ** digits;
    return Math.round(median(measured.map(pick)) * factor) / factor;
  };
  const rounded = (run: RunFigures): RunFigures => ({
    lcpMs: Math.round(run.lcpMs),
    totalBlockingTimeMs: Math.round(run.totalBlockingTimeMs),
    blockingFromNavigationMs: Math.round(run.blockingFromNavigationMs),
    fcpMs: Math.round(run.fcpMs),
    headingMs: Math.round(run.headingMs),
    layoutShift: Math.round(run.layoutShift * 1000) / 1000,
  });
  return {
    lcpMs: medianOf((run) => run.lcpMs),
    totalBlockingTimeMs: medianOf((run) => run.totalBlockingTimeMs),
    blockingFromNavigationMs: medianOf((run) => run.blockingFromNavigationMs),
    fcpMs: medianOf((run) => run.fcpMs),
    headingMs: medianOf((run) => run.headingMs),
    layoutShift: medianOf((run) => run.layoutShift, 3),
    runs: measured.map(rounded),
  };
}
