import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { ERROR_TOAST_MS, TOAST_MS } from '../../src/catalogue/limits';
import { shortestPaths } from '../../machines/paths/model';
import { toastsModel } from '../../machines/paths/toasts';
import { toastsMachine, type Toast, type ToastsEvent } from '../../machines/toastsMachine';
import { expectEveryStateReached } from './helpers/statePaths';
import { flush, replay } from './helpers/replay';

const success = { severity: 'success', title: 'Success', message: 'Saved.' } as const;
const failure = { severity: 'error', title: 'Error', message: 'Failed.' } as const;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('queues toasts with ids and closes a success toast after 5 s', () => {
    const actor = createActor(toastsMachine).start();
    actor.send({ type: 'toast.show', toast: success });
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.toasts).toEqual([{ ...success, id: 'toast-1' }]);
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(actor.getSnapshot().context.toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('keeps an error toast for 300 s', () => {
    const actor = createActor(toastsMachine).start();
    actor.send({ type: 'toast.show', toast: failure });
    actor.send({ type: 'toast.show', toast: success });
    vi.advanceTimersByTime(TOAST_MS);
    expect(actor.getSnapshot().context.toasts.map((toast: Toast) => toast.severity)).toEqual(['error']);
    vi.advanceTimersByTime(ERROR_TOAST_MS - TOAST_MS - 1);
    expect(actor.getSnapshot().value).toBe('showing');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('dismisses by id, ignores unknown ids and the timer of a dismissed toast', () => {
    const actor = createActor(toastsMachine).start();
    actor.send({ type: 'toast.show', toast: success });
    actor.send({ type: 'toast.show', toast: failure });
    actor.send({ type: 'toast.dismiss', id: 'toast-9' });
    expect(actor.getSnapshot().context.toasts).toHaveLength(2);
    actor.send({ type: 'toast.dismiss', id: 'toast-1' });
    expect(actor.getSnapshot().context.toasts.map((toast: Toast) => toast.id)).toEqual(['toast-2']);
    vi.advanceTimersByTime(TOAST_MS);
    expect(actor.getSnapshot().context.toasts.map((toast: Toast) => toast.id)).toEqual(['toast-2']);
    actor.send({ type: 'toast.dismiss', id: 'toast-2' });
    expect(actor.getSnapshot().value).toBe('empty');
  });
});

describe('toasts: generated paths', () => {
  const paths = shortestPaths(toastsModel);

  it('reach every state', () => {
    expectEveryStateReached(
      toastsMachine,
      paths.map((path) => path.state),
    );
  });

  it.each(paths.map((path) => [path.events.map((event) => event.type).join(' → ') || '(start)', path] as const))(
    '%s',
    async (_name, path) => {
      const actor = createActor(toastsMachine).start();
      const shownAt = new Map<string, { at: number; lifetime: number }>();
      // Expiry is a timer: move the clock to that toast's end instead of sending the event.
      const handle = async (event: AnyEventObject) => {
        if (event.type === 'toast.show') {
          vi.advanceTimersByTime(1); // toasts shown together would otherwise expire together
          actor.send(event as ToastsEvent);
          const toast = actor.getSnapshot().context.toasts.at(-1)!;
          shownAt.set(toast.id, { at: Date.now(), lifetime: toast.severity === 'error' ? ERROR_TOAST_MS : TOAST_MS });
          return true;
        }
        if (event.type === 'toast.expire') {
          const shown = shownAt.get(event.id as string)!;
          await vi.advanceTimersByTimeAsync(shown.at + shown.lifetime - Date.now());
          return true;
        }
        return false;
      };
      const reached = await replay(path, actor, { machine: toastsMachine, handle });
      await flush();
      expect(reached.value).toEqual(path.state.value);
      // The traversal tells states apart by their first two toasts (see toastsModel).
      const firstTwo = (toasts: readonly Toast[]) => toasts.slice(0, 2).map((toast) => toast.severity);
      expect(firstTwo(reached.context.toasts)).toEqual(firstTwo((path.state.context as { toasts: Toast[] }).toasts));
    },
  );
});
