import { assign, fromPromise, setup } from 'xstate';
import { consoleApi, type SingleSignOn } from './api/consoleEndpoints';

/**
 * The sign-in page's offer of single sign-on: it asks the server once whether staff may sign in
 * with their college account and why this browser's last such sign-in was refused. When the
 * server cannot be asked, the page offers only the password sign-in.
 */
export const consoleSingleSignOnMachine = setup({
  types: { context: {} as SingleSignOn },
  actors: { loadSingleSignOn: fromPromise<SingleSignOn>(({ signal }) => consoleApi.singleSignOn(signal)) },
  actions: { keep: assign((_, answer: SingleSignOn) => ({ enabled: answer.enabled, refusal: answer.refusal })) },
}).createMachine({
  id: 'consoleSingleSignOn',
  context: { enabled: false, refusal: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSingleSignOn',
        onDone: { target: 'ready', actions: { type: 'keep', params: ({ event }) => event.output } },
        onError: 'ready',
      },
    },
    ready: { type: 'final' },
  },
});
