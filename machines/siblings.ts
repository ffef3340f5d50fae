import { createEmptyActor, type AnyActorRef, type EventObject } from 'xstate';
import { GENERIC_ERROR_MESSAGE, isUnauthorised } from './api/httpClient';
import type { PageFailedEvent } from './coreEvents';

/**
 * xstate's `sendTo` falls back to the sender itself when its target resolves to undefined, so a
 * sibling missing from the system (an actor tested alone) would receive its own messages.
 * Messages to an absent sibling go to this started, inert actor instead.
 */
const nobody = createEmptyActor();
nobody.start();

/**
 * What the machines read of xstate's actor system: the actor registered under a system id, if
 * any. xstate types the registry as `any`; every entry in it is an actor ref.
 */
export interface SystemActors {
  get(systemId: string): AnyActorRef | undefined;
}

/** The actor registered under `systemId`, if any, typed (xstate's `system.get` answers `any`). */
export const registered = (system: SystemActors, systemId: string): AnyActorRef | undefined => system.get(systemId);

/** `sendTo` target: the actor registered under `systemId`, or nobody. */
export const sibling =
  (systemId: string) =>
  ({ system }: { system: SystemActors }): AnyActorRef =>
    system.get(systemId) ?? nobody;

/** In an `enqueueActions` body: queues `event` for the sibling under `systemId` (an absent one: nobody). */
export function enqueueTo<TEvent extends EventObject>(
  enqueue: { sendTo: (to: AnyActorRef, event: TEvent) => void },
  system: SystemActors,
  systemId: string,
  event: TEvent,
): void {
  enqueue.sendTo(sibling(systemId)({ system }), event);
}

/** Guard body shared by every machine that calls the API: 401 belongs to the session actor. */
export const unauthorisedError = ({ event }: { event: EventObject }): boolean => isUnauthorised((event as { error?: unknown }).error);

/** The message to show for a failed call (an ApiError's message is already the server's or the generic one). */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * The page's own load failed (docs/behaviour.md "Which errors are the page's"): the root shows its error
 * screen rather than a page that tells less than the server holds.
 */
export const pageFailed = (error: unknown): PageFailedEvent => ({
  type: 'app.pageFailed',
  message: errorMessage(error, GENERIC_ERROR_MESSAGE),
});

/**
 * Spawn options with the child's id. xstate's types let logic loaded at run time be spawned only
 * without an id, which would file every such child under one key of the root's children.
 */
export function named<T extends object>(options: T, id: string): T {
  return Object.assign({ id }, options);
}
