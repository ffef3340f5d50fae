import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { api } from '../../machines/api/coreEndpoints';
import { WEB_STATUS_RETRIES } from '../../src/catalogue/limits';
import { failures } from '../qa/fixtures';
import type { WebStatusValue } from '../../machines/api/responses';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { WEB_STATUS_RETRY_DELAY_MS, webStatusFromEntries, webStatusMachine } from '../../machines/webStatusMachine';
import { answered, flush, startInSystem } from './helpers/system';

const LISTENERS = [SYSTEM_IDS.app, SYSTEM_IDS.navigation, SYSTEM_IDS.validation, SYSTEM_IDS.submit];
const SPIES = [...LISTENERS, SYSTEM_IDS.session];
const entries = (...statuses: string[]) => statuses.map((web_status) => ({ web_status }));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function start(post: (status: string) => Promise<unknown>) {
  const posted: string[] = [];
  const machine = webStatusMachine.provide({
    actors: {
      postWebStatus: fromPromise<unknown, WebStatusValue>(({ input }) => {
        posted.push(input);
        return post(input);
      }),
    },
  });
  return { ...startInSystem(machine, { systemId: SYSTEM_IDS.webStatus, spies: SPIES }), posted };
}

describe('webStatusFromEntries', () => {
  it('counts the distinct known statuses', () => {
    expect(webStatusFromEntries([])).toBeNull();
    expect(webStatusFromEntries(entries('started', 'started'))).toBe('started');
    expect(webStatusFromEntries(entries('started', 'archived'))).toBe('started');
    expect(webStatusFromEntries(entries('started', 'validating'))).toBe('validating');
    expect(webStatusFromEntries(entries('validating', 'started', 'submitted'))).toBe('submitted');
  });
});

describe('web status', () => {
  it('starts a logged-in student without a status and posts it', async () => {
    const { subject, received, posted } = start(() => Promise.resolve({ message: 'Saved.' }));
    expect(subject.getSnapshot().value).toBe('unknown');
    subject.send({ type: 'webStatus.load', entries: [], applicant: true });
    expect(subject.getSnapshot().value).toEqual({ started: 'posting' });
    await flush();
    expect(subject.getSnapshot().value).toEqual({ started: 'synced' });
    expect(posted).toEqual(['started']);
    for (const id of LISTENERS) expect(received[id]).toEqual([{ type: 'webStatus.changed', webStatus: 'started' }]);
  });

  it('takes the status from the profile without posting it', () => {
    const { subject, received, posted } = start(() => Promise.resolve({}));
    subject.send({ type: 'webStatus.load', entries: entries('started', 'validating'), applicant: true });
    expect(subject.getSnapshot().value).toEqual({ validating: 'synced' });
    expect(posted).toEqual([]);
    expect(received[SYSTEM_IDS.navigation]).toEqual([{ type: 'webStatus.changed', webStatus: 'validating' }]);
  });

  it('leaves anyone but a student without a status', () => {
    const { subject, received, posted } = start(() => Promise.resolve({}));
    subject.send({ type: 'webStatus.load', entries: [], applicant: false });
    expect(subject.getSnapshot().value).toBe('none');
    expect(posted).toEqual([]);
    expect(received[SYSTEM_IDS.app]).toEqual([{ type: 'webStatus.changed', webStatus: null }]);
  });

  it('moves started → validating → submitted, posting each', async () => {
    const { subject, posted } = start(() => Promise.resolve({}));
    subject.send({ type: 'webStatus.load', entries: entries('started'), applicant: true });
    subject.send({ type: 'webStatus.submitted' });
    expect(subject.getSnapshot().value).toEqual({ started: 'synced' });
    subject.send({ type: 'webStatus.startValidating' });
    await flush();
    expect(subject.getSnapshot().value).toEqual({ validating: 'synced' });
    subject.send({ type: 'webStatus.startValidating' });
    subject.send({ type: 'webStatus.submitted' });
    await flush();
    expect(subject.getSnapshot().value).toEqual({ submitted: 'synced' });
    expect(posted).toEqual(['validating', 'submitted']);
  });

  it(`retries a failed post ${WEB_STATUS_RETRIES} times after the retry delay`, async () => {
    let calls = 0;
    const { subject, posted } = start(() =>
      answered(() => {
        calls += 1;
        if (calls < 3) throw failures.network;
        return {};
      }),
    );
    subject.send({ type: 'webStatus.load', entries: [], applicant: true });
    await flush();
    expect(subject.getSnapshot().value).toEqual({ started: 'retrying' });
    await vi.advanceTimersByTimeAsync(WEB_STATUS_RETRY_DELAY_MS - 1);
    expect(posted).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(posted).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(WEB_STATUS_RETRY_DELAY_MS);
    await flush();
    expect(posted).toHaveLength(3);
    expect(subject.getSnapshot().value).toEqual({ started: 'synced' });
  });

  it('gives up after the third failed try, keeping the status', async () => {
    const { subject, posted } = start(() =>
      answered(() => {
        throw failures.network;
      }),
    );
    subject.send({ type: 'webStatus.load', entries: [], applicant: true });
    await vi.advanceTimersByTimeAsync(WEB_STATUS_RETRY_DELAY_MS * 10);
    expect(posted).toHaveLength(1 + WEB_STATUS_RETRIES);
    expect(subject.getSnapshot().value).toEqual({ started: 'failed' });
  });

  it('hands a 401 to the session without retrying', async () => {
    const { subject, received, posted } = start(() =>
      answered(() => {
        throw failures.unauthorised;
      }),
    );
    subject.send({ type: 'webStatus.load', entries: [], applicant: true });
    await vi.advanceTimersByTimeAsync(WEB_STATUS_RETRY_DELAY_MS * 10);
    expect(posted).toHaveLength(1);
    expect(subject.getSnapshot().value).toEqual({ started: 'failed' });
    expect(received[SYSTEM_IDS.session]).toEqual([{ type: 'session.unauthorised' }]);
  });

  it('gives each new status its own tries, whatever the last one used', async () => {
    let failing = true;
    const { subject, posted } = start(() =>
      answered(() => {
        if (failing) throw failures.network;
        return {};
      }),
    );
    subject.send({ type: 'webStatus.load', entries: [], applicant: true });
    await vi.advanceTimersByTimeAsync(WEB_STATUS_RETRY_DELAY_MS * 10);
    expect(subject.getSnapshot().value).toEqual({ started: 'failed' });
    posted.length = 0;
    subject.send({ type: 'webStatus.startValidating' });
    await flush();
    expect(subject.getSnapshot().value).toEqual({ validating: 'retrying' });
    failing = false;
    await vi.advanceTimersByTimeAsync(WEB_STATUS_RETRY_DELAY_MS);
    await flush();
    expect(posted).toEqual(['validating', 'validating']);
    expect(subject.getSnapshot().value).toEqual({ validating: 'synced' });
  });

  it('counts a status the server sends back as synced, after a post of it had failed', async () => {
    const { subject, received } = start(() =>
      answered(() => {
        throw failures.network;
      }),
    );
    subject.send({ type: 'webStatus.load', entries: [], applicant: true });
    await vi.advanceTimersByTimeAsync(WEB_STATUS_RETRY_DELAY_MS * 10);
    expect(subject.getSnapshot().value).toEqual({ started: 'failed' });
    subject.send({ type: 'webStatus.load', entries: entries('started'), applicant: true });
    expect(subject.getSnapshot().value).toEqual({ started: 'synced' });
    expect(received[SYSTEM_IDS.navigation]).toEqual([
      { type: 'webStatus.changed', webStatus: 'started' },
      { type: 'webStatus.changed', webStatus: 'started' },
    ]);
  });

  it('posts the status to the server', async () => {
    const post = vi.spyOn(api, 'postWebStatus').mockResolvedValue({ message: 'Saved.' });
    const actor = createActor(webStatusMachine).start();
    actor.send({ type: 'webStatus.load', entries: [], applicant: true });
    expect(post).toHaveBeenCalledWith('started', expect.any(AbortSignal));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ started: 'synced' });
    actor.stop();
    post.mockRestore();
  });

  it('takes a submitted status from the profile, for every listener, without posting it', () => {
    const { subject, received, posted } = start(() => Promise.resolve({}));
    subject.send({ type: 'webStatus.load', entries: entries('started', 'validating', 'submitted'), applicant: true });
    expect(subject.getSnapshot().value).toEqual({ submitted: 'synced' });
    expect(posted).toEqual([]);
    for (const id of LISTENERS) expect(received[id]).toEqual([{ type: 'webStatus.changed', webStatus: 'submitted' }]);
  });

  it('gives a new load of a student without a status all its tries again', async () => {
    const { subject, posted } = start(() =>
      answered(() => {
        throw failures.network;
      }),
    );
    subject.send({ type: 'webStatus.load', entries: [], applicant: true });
    await vi.advanceTimersByTimeAsync(WEB_STATUS_RETRY_DELAY_MS * 10);
    expect(posted).toHaveLength(1 + WEB_STATUS_RETRIES);
    subject.send({ type: 'webStatus.load', entries: [], applicant: true });
    await vi.advanceTimersByTimeAsync(WEB_STATUS_RETRY_DELAY_MS * 10);
    expect(posted).toHaveLength(2 * (1 + WEB_STATUS_RETRIES));
  });
});
