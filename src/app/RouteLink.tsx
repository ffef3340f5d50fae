import type { MouseEvent, ReactNode } from 'react';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useSystemActor } from './actors';
import type { NavigationActor } from './browserHistory';

/** A click the browser should handle itself (new tab, new window, download). */
export const isModifiedClick = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * A real link (it opens in a new tab, and reads as a link) whose plain click asks the navigation
 * actor for the route instead of reloading the page.
 */
export function RouteLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const navigation = useSystemActor<NavigationActor>(SYSTEM_IDS.navigation);
  return (
    <a
      href={to}
      className={className}
      onClick={(event) => {
        if (isModifiedClick(event)) return;
        event.preventDefault();
        navigation.send({ type: 'navigate', to });
      }}
    >
      {children}
    </a>
  );
}
