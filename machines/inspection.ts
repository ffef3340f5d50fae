import type { InspectionEvent, Observer } from 'xstate';

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
