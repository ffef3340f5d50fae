import { ToastItem } from '../layout/Toasts';
import { AuthArea } from './lazyRoutes';

/** How long the page may stay busy before the error paths load anyway. */
const IDLE_TIMEOUT_MS = 5000;

/**
 * The code an error path needs — the toast, the login card and its actor — loads once
 * the page is idle, so a save that fails because the connection is gone (or a session that ends
 * meanwhile) finds it here instead of fetching it over the lost connection.
 */
export function preloadErrorPaths(): () => void {
  const load = () => {
    void ToastItem.preload();
    void AuthArea.preload();
    void import('../../machines/authCardMachine').catch(() => undefined);
  };
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(load, IDLE_TIMEOUT_MS);
  return () => clearTimeout(id);
}
