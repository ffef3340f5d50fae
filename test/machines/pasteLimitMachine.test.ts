import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { pasteLimitMachine } from '../../machines/pasteLimitMachine';
import { pasteLimitModel } from '../../machines/paths/pasteLimit';
import { invariantSuite, payload } from './helpers/invariants';

/*
 * Issue 12: a paste that would take a text area over its limit is refused whole, with how much it
 * is over; the browser's own maxLength would cut it silently.
 */

const LIMIT = 7000;
const paste = (textLength: number, pastedLength: number, selectedLength = 0) =>
  ({ type: 'paste.try', textLength, selectedLength, pastedLength, limit: LIMIT }) as const;

const start = () => createActor(pasteLimitMachine).start();

describe('a paste into a text area with a limit', () => {
  it('is refused when the result would be over the limit, saying by how much', () => {
    const actor = start();
    actor.send(paste(5, 8234));
    expect(actor.getSnapshot().hasTag('refused')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ over: 1239, limit: LIMIT });
  });

  it('counts what the paste replaces: a selection goes', () => {
    const actor = start();
    actor.send(paste(6000, 1500, 600));
    expect(actor.getSnapshot().hasTag('refused')).toBe(false);
    actor.send(paste(6000, 1500, 400));
    expect(actor.getSnapshot().context.over).toBe(100);
    expect(actor.getSnapshot().hasTag('refused')).toBe(true);
  });

  it('goes through when it reaches the limit exactly', () => {
    const actor = start();
    actor.send(paste(0, LIMIT));
    expect(actor.getSnapshot().hasTag('refused')).toBe(false);
  });

  it('forgets a refusal once the text is edited or a paste fits', () => {
    const actor = start();
    actor.send(paste(5, 8234));
    actor.send({ type: 'text.edited' });
    expect(actor.getSnapshot().hasTag('refused')).toBe(false);
    actor.send(paste(5, 8234));
    actor.send(paste(5, 10));
    expect(actor.getSnapshot().hasTag('refused')).toBe(false);
    expect(actor.getSnapshot().context.over).toBe(0);
  });
});

invariantSuite(pasteLimitModel, () => {
  const subject = createActor(pasteLimitMachine).start();
  return { subject, machine: pasteLimitMachine, stop: () => subject.stop() };
}, [
  {
    name: 'a paste is refused exactly when it would go over the limit, and says by how much',
    check: (step) => {
      if (step.event.type !== 'paste.try') return;
      const paste = payload<{ textLength: number; selectedLength: number; pastedLength: number; limit: number }>(step);
      const over = paste.textLength - paste.selectedLength + paste.pastedLength - paste.limit;
      expect(step.after.hasTag('refused')).toBe(over > 0);
      if (over > 0) expect(step.after.context).toEqual({ over, limit: paste.limit });
    },
  },
  {
    name: 'editing the text forgets an earlier refusal',
    check: (step) => {
      if (step.event.type !== 'text.edited') return;
      expect(step.after.hasTag('refused')).toBe(false);
      expect((step.after.context as { over: number }).over).toBe(0);
    },
  },
]);
