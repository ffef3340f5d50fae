import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium } from '@playwright/test';

/**
 * Which Chromium the browser tests and the bench start, so `npm test` runs on a fresh machine
 * without root: CHROMIUM_PATH when set, else Playwright's own build when it was downloaded, else
 * the system's Chromium, else the one @sparticuz/chromium (a dev dependency) unpacks into the
 * temporary folder. The flags keep it off the network it may not reach.
 */
export interface ChosenBrowser {
  executablePath: string;
  /** One line for the test report: which browser this run uses and why. */
  description: string;
}

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

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(names: readonly string[], path = process.env.PATH ?? ''): string | undefined {
  for (const name of names) {
    for (const dir of path.split(delimiter).filter(Boolean)) {
      const candidate = join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

function playwrightsOwn(): string | undefined {
  try {
    const file = chromium.executablePath();
    return file && isExecutable(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

export async function chooseChromium(env: NodeJS.ProcessEnv = process.env): Promise<ChosenBrowser> {
  if (env.CHROMIUM_PATH) return { executablePath: env.CHROMIUM_PATH, description: `CHROMIUM_PATH (${env.CHROMIUM_PATH})` };
  const own = playwrightsOwn();
  if (own) return { executablePath: own, description: `Playwright's own Chromium (${own})` };
  const system = onPath(SYSTEM_NAMES, env.PATH);
  if (system) return { executablePath: system, description: `the system's Chromium (${system})` };
  // Loaded only here: it unpacks about 60 MB into the temporary folder on first use (a few seconds).
  const sparticuz = (await import('@sparticuz/chromium')).default;
  const unpacked = await sparticuz.executablePath();
  return { executablePath: unpacked, description: `@sparticuz/chromium from npm (${unpacked})` };
}

let chosen: Promise<ChosenBrowser> | undefined;

/** The browser of this process, chosen once. */
export function chromiumForThisRun(): Promise<ChosenBrowser> {
  chosen ??= chooseChromium();
  return chosen;
}
