/**
 * How this project starts Chromium: Debian's build by default (Playwright cannot download its own
 * here), CHROMIUM_PATH for any other, and flags that keep it off the network it may not reach.
 * Shared by the browser tests and the bench.
 */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
