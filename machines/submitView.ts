import type { SnapshotFrom } from 'xstate';
import type { submitMachine } from './submitMachine';

type SubmitSnapshot = SnapshotFrom<typeof submitMachine> | undefined;

/**
 * What the Submit button and the words beside it need from the submit actor (undefined until the
 * page actors have loaded). Each is a plain value, so a view can select it without re-rendering.
 */
export const submitView = {
  canSubmit: (snapshot: SubmitSnapshot): boolean => snapshot?.can({ type: 'submit' }) ?? false,
  busy: (snapshot: SubmitSnapshot): boolean => snapshot?.hasTag('busy') ?? false,
  /** The server's words when it refused the submission for now, until the next try. */
  notice: (snapshot: SubmitSnapshot): string | null => snapshot?.context.notice ?? null,
};
