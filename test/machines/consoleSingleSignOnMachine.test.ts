import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SingleSignOn } from '../../machines/api/consoleEndpoints';
import { ApiError } from '../../machines/api/httpClient';
import { consoleSingleSignOnMachine } from '../../machines/consoleSingleSignOnMachine';
import { connectConsoleSingleSignOn } from '../../machines/consoleSingleSignOnView';

/* The sign-in page's offer of single sign-on, through its view API, against a stand-in of the server's answer. */

function start(answer: () => Promise<SingleSignOn>) {
  const actor = createActor(consoleSingleSignOnMachine.provide({ actors: { loadSingleSignOn: fromPromise(answer) } })).start();
  const view = () => connectConsoleSingleSignOn(actor.getSnapshot());
  /** The server answered (or could not), and the page shows what it will show. */
  const settled = () => vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
  return { view, settled };
}

describe("the sign-in page's single sign-on", () => {
  it('offers the college account when the server has single sign-on on, leading to its start address', async () => {
    const { view, settled } = start(() => Promise.resolve({ enabled: true, refusal: null }));
    expect(view().offered).toBe(false);
    await settled();
    expect(view()).toEqual({ offered: true, refusal: null, startUrl: '/public/staff/sso/start' });
  });

  it("shows why this browser's last sign-in with the college account was refused", async () => {
    const refusal = 'No staff account uses someone@college.test. Ask an admin of the admissions office to invite you.';
    const { view, settled } = start(() => Promise.resolve({ enabled: true, refusal }));
    await settled();
    expect(view().refusal).toBe(refusal);
  });

  it('offers nothing when single sign-on is off', async () => {
    const { view, settled } = start(() => Promise.resolve({ enabled: false, refusal: null }));
    await settled();
    expect(view()).toMatchObject({ offered: false, refusal: null });
  });

  it('offers only the password sign-in when the server cannot be asked', async () => {
    const { view, settled } = start(() => Promise.reject(new ApiError('The server is down.', 'http', 500)));
    await settled();
    expect(view()).toMatchObject({ offered: false, refusal: null });
  });
});
