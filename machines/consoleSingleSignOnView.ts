import type { SnapshotFrom } from 'xstate';
import { SINGLE_SIGN_ON_START } from './api/consoleEndpoints';
import type { consoleSingleSignOnMachine } from './consoleSingleSignOnMachine';

/** What the sign-in page shows of single sign-on: the way to it when it is on, and why the last attempt was refused. */
export function connectConsoleSingleSignOn(snapshot: SnapshotFrom<typeof consoleSingleSignOnMachine>) {
  return {
    offered: snapshot.context.enabled,
    refusal: snapshot.context.refusal,
    startUrl: SINGLE_SIGN_ON_START,
  };
}
