import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, fromTransition, setup, type AnyEventObject } from 'xstate';
import { ApiError } from '../../machines/api/httpClient';
import { consoleQueueMachine } from '../../machines/consoleQueueMachine';
import { connectConsoleQueue } from '../../machines/consoleQueueView';
import type { ReviewQueue } from '../../src/catalogue/schema/staffReviews';

/* The review queue's page, through its view API: read when it opens, the next application claimed to be opened, refusals shown. */

const item = (id: number) => ({ id, name: `Applicant ${id}`, reference: null, submitted_at: '2026-11-20T10:00:00.000Z', review_count: 0 });
const QUEUE: ReviewQueue = { mine: [item(1)], waiting: [item(2), item(3)], waiting_total: 2 };
const sessionStandIn = fromTransition((events: AnyEventObject[], event: AnyEventObject) => [...events, event], []);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(claim: () => Promise<{ application_id: number }>, load: () => Promise<ReviewQueue> = () => Promise.resolve(QUEUE)) {
  const logic = consoleQueueMachine.provide({ actors: { loadQueue: fromPromise(() => load()), claimNext: fromPromise(() => claim()) } });
  const harness = setup({ actors: { queue: logic, session: sessionStandIn } }).createMachine({
    invoke: [
      { id: 'consoleSession', systemId: 'consoleSession', src: 'session' },
      { id: 'consoleQueue', systemId: 'consoleQueue', src: 'queue' },
    ],
  });
  const root = createActor(harness).start();
  const actor = root.getSnapshot().children.consoleQueue!;
  const moves: string[] = [];
  actor.on('queue.navigate', ({ to }) => moves.push(to));
  const view = () => connectConsoleQueue(actor.getSnapshot(), (event) => actor.send(event));
  const session = () => root.getSnapshot().children.consoleSession!.getSnapshot().context;
  return { view, session, moves };
}

describe('the review queue', () => {
  it('shows the reviewer’s own reviews and those waiting, and claims the next to open it', async () => {
    const claim = vi.fn(() => Promise.resolve({ application_id: 2 }));
    const { view, moves } = start(claim);
    view().load();
    await flush();
    expect(view()).toMatchObject({ phase: 'ready', mine: QUEUE.mine, waiting: QUEUE.waiting, waitingTotal: 2, claimed: null });
    view().next();
    expect(view().claiming).toBe(true);
    await flush();
    expect(view()).toMatchObject({ claiming: false, claimed: 2 });
    expect(moves).toEqual(['/staff/applications/2']);
    view().load();
    expect(view().claimed).toBeNull();
  });

  it('says why nothing was claimed, and ends the session on a 401', async () => {
    const { view, moves } = start(() => Promise.reject(new ApiError('No application is waiting for a review.', 'http', 404)));
    view().load();
    await flush();
    view().next();
    await flush();
    expect(view()).toMatchObject({ claimed: null, message: 'No application is waiting for a review.' });
    expect(moves).toEqual([]);
    const gone = start(
      () => Promise.resolve({ application_id: 1 }),
      () => Promise.reject(new ApiError('Please sign in.', 'unauthorised', 401)),
    );
    gone.view().load();
    await flush();
    expect(gone.session()).toEqual([{ type: 'console.unauthorised' }]);
  });
});
