import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { LookupSuggestion } from './api/responses';
import type { lookupMachine } from './lookupMachine';

type LookupSnapshot = SnapshotFrom<typeof lookupMachine>;
type LookupSend = ActorRefFrom<typeof lookupMachine>['send'];

const NO_SUGGESTIONS: readonly LookupSuggestion[] = [];

/**
 * What each school search field needs from the lookup actor, which serves one field at a time:
 * another field's list, search or filling is not this one's.
 */
export function connectLookup(snapshot: LookupSnapshot, send: LookupSend) {
  return { field: (key: string) => lookupField(snapshot, send, key) };
}

function lookupField(snapshot: LookupSnapshot, send: LookupSend, key: string) {
  const mine = snapshot.context.key === key;
  return {
    /** The list of schools is open under this field. */
    open: mine && snapshot.hasTag('open'),
    /** A search for what was typed here is on its way. */
    searching: mine && snapshot.hasTag('searching'),
    /** The chosen school's details are being filled in. */
    filling: mine && snapshot.hasTag('busy'),
    /** What was typed in the field the lookup serves. */
    text: snapshot.context.text,
    suggestions: mine ? snapshot.context.suggestions : NO_SUGGESTIONS,
    type: (text: string) => send({ type: 'lookup.type', key, text }),
    choose: (suggestion: LookupSuggestion) => send({ type: 'lookup.choose', suggestion }),
    useText: () => send({ type: 'lookup.useText' }),
    /**
     * The list closed (Escape, Tab, a click elsewhere) or the field was left: a typed name is kept
     * as 'Use: …' would keep it. Says whether the field may show its answer again (false while a
     * choice is still being filled in).
     */
    leave: (answer: string): boolean => {
      if (snapshot.hasTag('busy')) return false;
      send({ type: 'lookup.leave', answer });
      return true;
    },
    /** The field lost focus: an open list or a choice being filled in is left to the list and the lookup. */
    blur: (answer: string): boolean => {
      if (snapshot.hasTag('open') || snapshot.hasTag('busy')) return false;
      if (snapshot.hasTag('searching')) send({ type: 'lookup.leave', answer });
      return true;
    },
  };
}
