import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { ERROR_TOAST_MS, TOAST_MS } from '../../src/catalogue/limits';
import { toastsModel } from '../qa/models/toasts';
import { toastsMachine, type Toast, type ToastsEvent } from '../../machines/toastsMachine';
import { invariantSuite, pathName, payload, type Step } from './helpers/invariants';

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

describe('toasts shown while logged out', () => {
  const confirmed = { severity: 'success', title: 'Success', message: 'Your account is confirmed. Please log in.' } as const;
  const shown = (actor: { getSnapshot: () => { context: { toasts: Toast[] } } }) =>
    actor.getSnapshot().context.toasts.map((toast: Toast) => toast.message);

  it('go when the applicant logs in (the session actor says so); toasts shown during a session stay', () => {
    // The page opened without a session.
    const actor = createActor(toastsMachine).start();
    actor.send({ type: 'toast.show', toast: confirmed });
    actor.send({ type: 'toast.sessionStarted' });
    expect(shown(actor)).toEqual([]);
    expect(actor.getSnapshot().value).toBe('empty');

    actor.send({ type: 'toast.show', toast: success });
    actor.send({ type: 'toast.sessionEnded' });
    actor.send({ type: 'toast.show', toast: confirmed });
    actor.send({ type: 'toast.sessionStarted' });
    expect(shown(actor)).toEqual(['Saved.']);
    expect(actor.getSnapshot().value).toBe('showing');
    actor.stop();
  });

  it('closing one of them leaves the others to go at login', () => {
    const actor = createActor(toastsMachine).start();
    actor.send({ type: 'toast.show', toast: confirmed });
    actor.send({ type: 'toast.show', toast: failure });
    actor.send({ type: 'toast.dismiss', id: 'toast-1' });
    actor.send({ type: 'toast.sessionStarted' });
    expect(shown(actor)).toEqual([]);
    actor.stop();
  });

  it('a page opened with a session keeps its toasts at the next login', () => {
    const actor = createActor(toastsMachine).start();
    actor.send({ type: 'toast.show', toast: failure });
    actor.send({ type: 'toast.sessionEnded' });
    actor.send({ type: 'toast.sessionStarted' });
    expect(shown(actor)).toEqual(['Failed.']);
    actor.stop();
  });
});

type Shown = Map<string, { at: number; lifetime: number }>;
/** When each toast was shown and for how long, by path. */
const shownAt = new Map<string, Shown>();
/** When a session ended, by path (the page opened without one: at 0). */
const endedAt = new Map<string, number[]>();
const toastsOf = (step: Step) => (step.after.context as { toasts: Toast[] }).toasts;

invariantSuite(
  toastsModel,
  (path) => {
    const subject = createActor(toastsMachine).start();
    const shown: Shown = new Map();
    shownAt.set(pathName(path), shown);
    const ends = [0];
    endedAt.set(pathName(path), ends);
    // Expiry is a timer: move the clock to that toast's end instead of sending the event.
    const handle = async (event: AnyEventObject) => {
      if (event.type === 'toast.show') {
        vi.advanceTimersByTime(1); // toasts shown together would otherwise expire together
        subject.send(event as ToastsEvent);
        const toast = subject.getSnapshot().context.toasts.at(-1)!;
        shown.set(toast.id, { at: Date.now(), lifetime: toast.severity === 'error' ? ERROR_TOAST_MS : TOAST_MS });
        return true;
      }
      if (event.type === 'toast.sessionEnded') {
        vi.advanceTimersByTime(1); // after the toasts shown before it
        ends.push(Date.now());
        subject.send(event as ToastsEvent);
        return true;
      }
      if (event.type === 'toast.expire') {
        const toast = shown.get(event.id as string)!;
        await vi.advanceTimersByTimeAsync(toast.at + toast.lifetime - Date.now());
        return true;
      }
      return false;
    };
    return { subject, machine: toastsMachine, handle, stop: () => subject.stop() };
  },
  [
    {
      name: 'a toast shown is listed last, with its own id and message',
      check: (step) => {
        const ids = toastsOf(step).map((toast) => toast.id);
        expect(new Set(ids).size).toBe(ids.length);
        if (step.event.type !== 'toast.show') return;
        expect(toastsOf(step).at(-1)).toMatchObject(payload<{ toast: object }>(step).toast);
        expect(toastsOf(step)).toHaveLength((step.before.context as { toasts: Toast[] }).toasts.length + 1);
      },
    },
    {
      name: 'a toast goes only when dismissed, when its time is up (5 s, 300 s for an error), or, shown while logged out, at login',
      check: (step) => {
        const kept = new Set(toastsOf(step).map((toast) => toast.id));
        const before = step.before.context as { toasts: Toast[] };
        const gone = before.toasts.filter((toast) => !kept.has(toast.id));
        const loggingIn = step.event.type === 'toast.sessionStarted';
        // Shown while logged out: after the last session ended (or since the page opened without one).
        const lastEnd = Math.max(...endedAt.get(step.path)!.filter((at) => at <= step.at));
        const loggedOut = (toast: Toast) => shownAt.get(step.path)!.get(toast.id)!.at > lastEnd;
        if (loggingIn) expect(toastsOf(step).filter(loggedOut)).toEqual([]);
        for (const toast of gone) {
          if (step.event.type === 'toast.dismiss' && step.event.id === toast.id) continue;
          if (loggingIn && loggedOut(toast)) continue;
          const shown = shownAt.get(step.path)!.get(toast.id)!;
          expect(step.at, `${toast.id} gone`).toBeGreaterThanOrEqual(shown.at + shown.lifetime);
        }
        expect(step.after.value).toBe(toastsOf(step).length === 0 ? 'empty' : 'showing');
      },
    },
  ],
);
