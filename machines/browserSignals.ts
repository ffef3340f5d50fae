import { fromCallback } from 'xstate';

/**
 * A save that failed for the network is tried again after a pause that doubles each
 * time (2 s, 4 s, 8 s… up to a minute), and at once when the browser says the network is back.
 */
export const SAVE_RETRY_FIRST_MS = 2000;
export const SAVE_RETRY_MAX_MS = 60_000;
export const saveRetryDelay = (retries: number) => Math.min(SAVE_RETRY_FIRST_MS * 2 ** retries, SAVE_RETRY_MAX_MS);

/** What the browser says about the network (window online/offline events). */
export type ConnectionEvent = { type: 'connection.online' } | { type: 'connection.offline' };

/** Listens to the browser's online and offline events (and says at once when it starts offline). */
export const browserConnection = fromCallback<ConnectionEvent>(({ sendBack }) => {
  if (typeof window === 'undefined') return undefined;
  const online = () => sendBack({ type: 'connection.online' });
  const offline = () => sendBack({ type: 'connection.offline' });
  if (typeof navigator !== 'undefined' && navigator.onLine === false) offline();
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
});

/** While answers are not saved, leaving the page (reload, close, another address) asks first. */
export const beforeUnloadGuard = fromCallback(() => {
  if (typeof window === 'undefined') return undefined;
  const warn = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers show the dialog only when returnValue is set.
    event.returnValue = '';
  };
  window.addEventListener('beforeunload', warn);
  return () => window.removeEventListener('beforeunload', warn);
});
