import { createContext, useContext, type ReactNode } from 'react';
import type { Actor, AnyActorRef } from 'xstate';
import type { appMachine } from '../../machines/appMachine';

export type AppActor = Actor<typeof appMachine>;

const AppActorContext = createContext<AppActor | null>(null);

/**
 * The root actor is created once in main.tsx, before React renders (never during render), and
 * handed down here. Views read snapshots with `useSelector` and send events; they hold no
 * behaviour of their own.
 */
export function AppActorProvider({ actor, children }: { actor: AppActor; children: ReactNode }) {
  return <AppActorContext.Provider value={actor}>{children}</AppActorContext.Provider>;
}

export function useAppActor(): AppActor {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('useAppActor must be used inside <AppActorProvider>.');
  return actor;
}

/**
 * A child actor by its system id (SYSTEM_IDS / documentSystemId). Children are spawned when the
 * root starts, so they exist for the page's whole life.
 */
export function useSystemActor<TActor extends AnyActorRef = AnyActorRef>(systemId: string): TActor {
  const actor = useAppActor().system.get(systemId) as TActor | undefined;
  if (!actor) throw new Error(`No actor with system id "${systemId}".`);
  return actor;
}
