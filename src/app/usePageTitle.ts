import { useEffect } from 'react';
import { useBrowserLocation } from './useBrowserLocation';
import { useCollege } from './useApp';

/**
 * The browser tab's title names the screen and the college, and a route change whose old focus
 * disappeared with the old screen puts focus on the new main content: screen readers then read
 * the new page instead of silence, and the next Tab starts from there.
 */
export function usePageTitle(screen: string): void {
  const college = useCollege();
  const { pathname, hash, action, visit } = useBrowserLocation();

  useEffect(() => {
    document.title = college ? `${screen} | ${college.applicationTitle}` : screen;
  }, [screen, college]);

  useEffect(() => {
    // Not on the page's first location, nor after a redirect (replace): the page just loaded.
    if (hash || action === 'initial' || action === 'replace') return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname, hash, action, visit]);
}
