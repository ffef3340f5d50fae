import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseChromium } from '../e2e/helpers/chromium';

/** docs/testing.md, Browsers: `npm test` finds a browser on any machine, in the order it promises. */
const playwrightsOwnInstalled = existsSync(chromium.executablePath());
const fakeBin = mkdtempSync(join(tmpdir(), 'fake-bin-'));
afterAll(() => rmSync(fakeBin, { recursive: true, force: true }));

describe('the browser of the test run', () => {
  it('is CHROMIUM_PATH when it is set, whatever else is installed', async () => {
    const chosen = await chooseChromium({ CHROMIUM_PATH: '/opt/custom/chrome', PATH: fakeBin });
    expect(chosen).toEqual({ executablePath: '/opt/custom/chrome', description: 'CHROMIUM_PATH (/opt/custom/chrome)' });
  });

  it.skipIf(playwrightsOwnInstalled)("is the system's Chromium found on PATH when Playwright has none of its own", async () => {
    const system = join(fakeBin, 'chromium-browser');
    writeFileSync(system, '#!/bin/sh\n');
    chmodSync(system, 0o755);
    const chosen = await chooseChromium({ PATH: `/nonexistent:${fakeBin}` });
    expect(chosen.executablePath).toBe(system);
    expect(chosen.description).toContain("the system's Chromium");
  });

  it.skipIf(playwrightsOwnInstalled)('is unpacked from npm when the machine has no Chromium at all, and it starts', async () => {
    const chosen = await chooseChromium({ PATH: '/nonexistent' });
    expect(chosen.description).toContain('@sparticuz/chromium');
    const browser = await chromium.launch({ executablePath: chosen.executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage();
      await page.setContent('<h1>Admissions</h1>');
      expect(await page.textContent('h1')).toBe('Admissions');
    } finally {
      await browser.close();
    }
  });
});
