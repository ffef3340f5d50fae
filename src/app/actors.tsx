import { createContext, useContext, type ReactNode } from 'react';
import type { Actor, ActorRefFrom, AnyActorRef } from 'xstate';
import type { appMachine } from '../../machines/appMachine';
import type { navigationMachine } from '../../machines/navigationMachine';

export type AppActor = Actor<typeof appMachine>;
export type NavigationActor = ActorRefFrom<typeof navigationMachine>;

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
 * A child actor by its system id (SYSTEM_IDS / documentSystemId). The core children exist from the
 * start; a view of the form or auth actors renders only once the root says they exist
 * (`formReady`, `authReady`), and they then live as long as the page.
 */
export function useSystemActor<TActor extends AnyActorRef = AnyActorRef>(systemId: string): TActor {
  const actor = useOptionalSystemActor<TActor>(systemId);
  if (!actor) throw new Error(`No actor with system id "${systemId}".`);
  return actor;
}

/**
 * A child that may not exist yet: the form actors load with the form area, and its frame renders
 * without waiting for them. Whoever renders the view re-renders it when they arrive (the root's
 * `formReady` tag), and this then finds them.
 */
export function useOptionalSystemActor<TActor extends AnyActorRef = AnyActorRef>(systemId: string): TActor | undefined {
  return useAppActor().system.get(systemId) as TActor | undefined;
}
