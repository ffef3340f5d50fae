import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { pasteLimitMachine, pastedOver } from '../../machines/pasteLimitMachine';
import { pasteLimitModel } from '../qa/models/pasteLimit';
import { invariantSuite, payload } from './helpers/invariants';

/*
 * A paste that takes a text area over its limit goes in whole (nothing is cut or dropped), and the
 * field says how many characters to shorten it by until the applicant edits the text.
 */

const LIMIT = 7000;
const paste = (textLength: number, pastedLength: number, selectedLength = 0) =>
  ({ type: 'paste.try', textLength, selectedLength, pastedLength, limit: LIMIT }) as const;

const start = () => createActor(pasteLimitMachine).start();

describe('a paste into a text area with a limit', () => {
  it('over the limit: says by how much, also once the paste itself has changed the text', () => {
    const actor = start();
    actor.send(paste(5, 8234));
    expect(pastedOver(actor.getSnapshot())).toEqual({ over: 1239, limit: LIMIT });
    // The paste lands: the text area's change event of the paste itself is not an edit.
    actor.send({ type: 'text.edited' });
    expect(pastedOver(actor.getSnapshot())).toEqual({ over: 1239, limit: LIMIT });
  });

  it('counts what the paste replaces: a selection goes', () => {
    const actor = start();
    actor.send(paste(6000, 1500, 600));
    expect(pastedOver(actor.getSnapshot()).over).toBe(0);
    actor.send(paste(6000, 1500, 400));
    expect(pastedOver(actor.getSnapshot()).over).toBe(100);
  });

  it('says nothing when it reaches the limit exactly', () => {
    const actor = start();
    actor.send(paste(0, LIMIT));
    expect(pastedOver(actor.getSnapshot())).toEqual({ over: 0, limit: 0 });
  });

  it('a second paste over the limit says its own overflow, and its own change is not an edit either', () => {
    const actor = start();
    actor.send(paste(5, 8234));
    actor.send({ type: 'text.edited' });
    actor.send(paste(8239, 100));
    expect(pastedOver(actor.getSnapshot())).toEqual({ over: 1339, limit: LIMIT });
    actor.send({ type: 'text.edited' });
    expect(pastedOver(actor.getSnapshot())).toEqual({ over: 1339, limit: LIMIT });
  });

  it('forgets the overflow once the text is edited after the paste, or a paste fits', () => {
    const actor = start();
    actor.send(paste(5, 8234));
    actor.send({ type: 'text.edited' });
    actor.send({ type: 'text.edited' });
    expect(pastedOver(actor.getSnapshot()).over).toBe(0);
    actor.send(paste(5, 8234));
    actor.send({ type: 'text.edited' });
    actor.send(paste(5, 10));
    expect(pastedOver(actor.getSnapshot()).over).toBe(0);
    expect(actor.getSnapshot().context.over).toBe(0);
  });
});

invariantSuite(pasteLimitModel, () => {
  const subject = createActor(pasteLimitMachine).start();
  return { subject, machine: pasteLimitMachine, stop: () => subject.stop() };
}, [
  {
    name: 'a paste is said to go over exactly when it goes over the limit, and by how much',
    check: (step) => {
      if (step.event.type !== 'paste.try') return;
      const paste = payload<{ textLength: number; selectedLength: number; pastedLength: number; limit: number }>(step);
      const over = paste.textLength - paste.selectedLength + paste.pastedLength - paste.limit;
      expect(step.after.hasTag('pastedOver')).toBe(over > 0);
      if (over > 0) expect(step.after.context).toEqual({ over, limit: paste.limit });
    },
  },
  {
    name: 'an edit after the paste has landed forgets the overflow',
    check: (step) => {
      if (step.event.type !== 'text.edited' || step.before.matches({ pastedOver: 'landing' })) return;
      expect(step.after.hasTag('pastedOver')).toBe(false);
      expect((step.after.context as { over: number }).over).toBe(0);
    },
  },
]);
