import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';

/** Where the run leaves its screenshots for a person to look at (git-ignored). */
const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../artifacts/screenshots');

/**
 * Saves `<name>-<viewport width>.png` with animations settled: the whole page, or only what the
 * viewport shows (modals and popovers, which sit over the top of a long page).
 */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  // A step page lays out its sections only near the screen; a picture of the whole page shows each
  // one as a reader scrolling to it would see it, and the page is left as it was.
  const everySection = await page.addStyleTag({ content: '.q-section { content-visibility: visible !important; }' });
  try {
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${name}-${width}.png`),
      fullPage: options.fullPage ?? true,
      animations: 'disabled',
    });
  } finally {
    await everySection.evaluate((style) => (style as HTMLStyleElement).remove());
  }
}

export const WIDTHS = [1280, 390] as const;
