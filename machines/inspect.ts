import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { appMachine, type AppInput } from './appMachine';
import { SYSTEM_IDS } from './systemIds';

/**
 * The Stately inspector is for development: `?inspect` in the page URL or VITE_INSPECT=1 asks
 * for it, and only a development build can give it.
 */
export function wantsInspection(search: string, env: { DEV: boolean; VITE_INSPECT?: string }): boolean {
  return env.DEV && (new URLSearchParams(search).has('inspect') || env.VITE_INSPECT === '1');
}

/**
 * The browser inspector's observer, or undefined. Vite replaces `import.meta.env.DEV` with false
 * in production builds, so the dynamic import below is dead code there and @statelyai/inspect is
 * left out of the bundle.
 */
export async function browserInspection(search: string): Promise<Observer<InspectionEvent> | undefined> {
  // One `if` on the constant itself: a bundler drops the whole block, import() included.
  if (import.meta.env.DEV) {
    if (!wantsInspection(search, { DEV: true, VITE_INSPECT: import.meta.env.VITE_INSPECT as string | undefined })) return undefined;
    const { createBrowserInspector } = await import('@statelyai/inspect');
    return createBrowserInspector().inspect;
  }
  return undefined;
}

/**
 * The root actor of the page, created once (not during render) and connected to the inspector
 * when asked. The caller starts it.
 */
export async function createAppActor(input: AppInput) {
  const inspect = await browserInspection(input.search);
  return createActor(appMachine, { input, systemId: SYSTEM_IDS.app, ...(inspect ? { inspect } : {}) });
}
