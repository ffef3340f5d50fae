import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './helpers/chromium';

/**
 * Browser tests against the built app and a real server on a temporary database. Playwright
 * cannot download browsers here, so Debian's Chromium is used; CHROMIUM_PATH points elsewhere
 * (for example at Playwright's own build) on other machines.
 */
const port = Number(process.env.E2E_PORT ?? 4311);
// One data folder per run, shared by the server and the tests (they read the mail outbox from it).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'admissions-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  outputDir: '../artifacts/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_EXECUTABLE,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
  ],
  webServer: {
    command: `node --import tsx test/e2e/server.ts`,
    cwd: '../..',
    url: `http://127.0.0.1:${port}/public/college`,
    env: { E2E_PORT: String(port), E2E_DATA_DIR: process.env.E2E_DATA_DIR },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
