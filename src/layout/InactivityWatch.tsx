import { lazy, Suspense, useEffect, useState } from 'react';
import { connectInactivity } from '../../machines/inactivityView';
import { currentView, useViewValue } from '../app/viewApi';
import type { InactivityActor, InactivityAudience } from './InactivityDialog';

const InactivityDialog = lazy(() => import('./InactivityDialog'));

/** One report per this many milliseconds is plenty against a 15-minute limit. */
const ACTIVITY_THROTTLE_MS = 10_000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Tells the inactivity actor when the applicant or staff member does something (it exists only
 * while a session is open: an applicant's, or a staff member's in the console) and shows 'Still
 * working?' while it says `warning`. The timing is the actor's; the view only throttles how often
 * it reports.
 */
export function InactivityWatch({ inactivity, audience }: { inactivity: InactivityActor | undefined; audience: InactivityAudience }) {
  const warning = useViewValue(inactivity, connectInactivity, (view) => view.warning, false);
  // The dialog's code loads the first time it is needed, then stays so it can close gracefully.
  const [needed, setNeeded] = useState(false);
  if (warning && !needed) setNeeded(true);

  useEffect(() => {
    if (!inactivity) return;
    let lastSent = Date.now();
    const reportActivity = (at: number) => currentView(inactivity, connectInactivity).reportActivity(at);
    reportActivity(lastSent);
    const report = () => {
      const now = Date.now();
      if (now - lastSent < ACTIVITY_THROTTLE_MS) return;
      lastSent = now;
      reportActivity(now);
    };
    const options = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, report, options);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, report, options);
    };
  }, [inactivity]);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <InactivityDialog open={warning} inactivity={inactivity} audience={audience} />
    </Suspense>
  );
}
