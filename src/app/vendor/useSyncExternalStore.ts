/**
 * React 18+ has useSyncExternalStore built in; @xstate/react still imports the shim written for
 * React 17, whose fallback would ship in the first download for nothing (vite.config.ts aliases it here).
 */
export { useSyncExternalStore } from 'react';
