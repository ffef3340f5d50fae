import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumForThisRun } from './helpers/chromium';

/**
 * Browser tests against the built app and a real server on a temporary database, in whichever
 * Chromium helpers/chromium.ts finds (CHROMIUM_PATH, Playwright's own, the system's, or one from
 * npm). The runner chooses once and hands the choice to its workers through CHROMIUM_PATH.
 */
if (!process.env.E2E_BROWSER_CHOSEN) {
  const browser = await chromiumForThisRun();
  console.log(`Browser tests use ${browser.description}.`);
  process.env.CHROMIUM_PATH = browser.executablePath;
  process.env.E2E_BROWSER_CHOSEN = '1';
}
const port = Number(process.env.E2E_PORT ?? 4311);
// One data folder per run, shared by the server and the tests (they read the mail outbox from it).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'admissions-e2e-'));
// The browser opens http://127.0.0.1 while PUBLIC_URL names localhost, as a developer who opens
// the app by another address (or from the LAN) does: the page must work from wherever it was opened.
process.env.E2E_PUBLIC_URL ??= `http://localhost:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  outputDir: '../artifacts/playwright',
  // Files run side by side (each test makes its own account); a file's tests run in order.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace of every test cost a third of the runner's CPU and a tenth of the time
    // (docs/testing.md): a failure keeps its screenshot; add `--trace retain-on-failure` to the
    // command to get the failing tests' traces too.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } }],
  webServer: {
    command: `node --import tsx test/e2e/server.ts`,
    cwd: '../..',
    url: `http://127.0.0.1:${port}/public/college`,
    env: { E2E_PORT: String(port), E2E_DATA_DIR: process.env.E2E_DATA_DIR, E2E_PUBLIC_URL: process.env.E2E_PUBLIC_URL },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
