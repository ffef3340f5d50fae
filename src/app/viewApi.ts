import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { createEmptyActor, type AnyActorRef, type SnapshotFrom } from 'xstate';

/*
 * How a view reads an actor: through the actor's view API (machines/*View.ts), for the applicants'
 * pages and the console alike.
 */

/**
 * A machine's view API (machines/*View.ts): what the view shows and the intents it may send,
 * made from the actor's snapshot and its `send`.
 */
type Connect<TActor extends AnyActorRef, TApi> = (snapshot: SnapshotFrom<TActor>, send: TActor['send']) => TApi;

/** Stands in for an actor not spawned yet, so a selector hook can be called unconditionally. */
export const NO_ACTOR = createEmptyActor();

/**
 * The whole view API of an actor, made again only when its snapshot changes: for an actor that
 * changes when what the view shows changes (a document, the tabs, an auth card).
 */
export function useView<TActor extends AnyActorRef, TApi>(actor: TActor, connect: Connect<TActor, TApi>): TApi {
  const snapshot = useSelector(actor, (current) => current as SnapshotFrom<TActor>);
  return useMemo(() => connect(snapshot, (event) => actor.send(event)), [actor, connect, snapshot]);
}

/**
 * One plain value of an actor's view API: the view re-renders only when that value changes (the
 * answers actor changes at every keystroke). An actor not loaded yet gives `fallback`.
 */
export function useViewValue<TActor extends AnyActorRef, TApi, T>(
  actor: TActor | undefined,
  connect: Connect<TActor, TApi>,
  pick: (api: TApi) => T,
  fallback?: T,
  /** When two picks count as the same (a list made afresh from each snapshot). */
  same?: (a: T, b: T) => boolean,
): T {
  return useSelector<AnyActorRef, T>(
    actor ?? NO_ACTOR,
    (snapshot) => (actor ? pick(connect(snapshot as SnapshotFrom<TActor>, (event) => actor.send(event))) : (fallback as T)),
    same,
  );
}

/** An actor's view API as it is now: for an event handler that must read the latest state, not the last render's. */
export function currentView<TActor extends AnyActorRef, TApi>(actor: TActor, connect: Connect<TActor, TApi>): TApi {
  return connect(actor.getSnapshot() as SnapshotFrom<TActor>, (event) => actor.send(event));
}
