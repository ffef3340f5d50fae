import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { RELEASES_MESSAGES, type consoleReleasesMachine } from './consoleReleasesMachine';

type ReleasesSnapshot = SnapshotFrom<typeof consoleReleasesMachine>;
type ReleasesSend = ActorRefFrom<typeof consoleReleasesMachine>['send'];

export type ConsoleReleasesPhase = 'loading' | 'ready' | 'failed' | 'refused';

function phaseOf(snapshot: ReleasesSnapshot): ConsoleReleasesPhase {
  if (snapshot.matches('ready')) return 'ready';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('refused')) return 'refused';
  return 'loading';
}

/** A time typed in the page's own zone (a datetime-local field), as the server reads it; '' when none. */
export const isoOfLocal = (local: string): string => {
  const time = local === '' ? Number.NaN : new Date(local).getTime();
  return Number.isNaN(time) ? '' : new Date(time).toISOString();
};

/** What the releases' page needs from its actor. */
export function connectConsoleReleases(snapshot: ReleasesSnapshot, send: ReleasesSend) {
  const { context } = snapshot;
  const phase = phaseOf(snapshot);
  const rehearsal = context.rehearsal;
  return {
    phase,
    releases: context.releases,
    codes: context.codes,
    rehearsal,
    notice: context.notice,
    message: phase === 'refused' ? RELEASES_MESSAGES.adminsOnly : context.message,
    fieldErrors: context.fieldErrors,
    rehearsing: snapshot.matches({ ready: 'rehearsing' }),
    preparing: snapshot.matches({ ready: 'preparing' }),
    /** A rehearsal with letters and no problem can be prepared for approval. */
    canPrepare: rehearsal !== null && rehearsal.problems.length === 0 && rehearsal.total > 0,
    /** An approval or a recall is on its way. */
    deciding: snapshot.matches({ ready: 'approving' }) || snapshot.matches({ ready: 'recalling' }),
    /** Whether the signed-in admin prepared this release (they cannot approve it). */
    preparedByMe: (release: { prepared_by: string }) => release.prepared_by === context.email,
    load: () => send({ type: 'releases.load' }),
    retry: () => send({ type: 'releases.retry' }),
    /** `localTime`: the datetime-local field's value. */
    rehearse: (codes: string[], localTime: string) => send({ type: 'releases.rehearse', codes, scheduledAt: isoOfLocal(localTime) }),
    /** `references`: the reference numbers as typed or pasted. */
    rehearseSelection: (references: string, localTime: string) =>
      send({ type: 'releases.rehearseSelection', references, scheduledAt: isoOfLocal(localTime) }),
    prepare: () => send({ type: 'releases.prepare' }),
    discard: () => send({ type: 'releases.discard' }),
    approve: (id: number) => send({ type: 'releases.approve', id }),
    recall: (id: number) => send({ type: 'releases.recall', id }),
  };
}

export type ConsoleReleasesView = ReturnType<typeof connectConsoleReleases>;
