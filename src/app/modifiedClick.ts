import type { MouseEvent } from 'react';

/**
 * A click the browser should handle itself (new tab, new window, download): a link whose plain
 * click asks an actor first (the steps save, the auth cards carry answers) lets these through.
 */
export const isModifiedClick = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
