import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ReleasedDecision } from '../../machines/api/responses';
import { decisionLetterMachine } from '../../machines/decisionLetterMachine';
import { DECISION_LETTER_PDF_URL, connectDecisionLetter } from '../../machines/decisionLetterView';
import type { Role } from '../../machines/roles';

/*
 * The applicant's released decision, through the view API: the letter the profile gave, its PDF's
 * address, and the first showing told to the server once; a failed record tried again at the next.
 */

const DECISION: ReleasedDecision = {
  released_at: 1_800_000_000_000,
  letter: { blocks: [{ kind: 'heading', runs: [{ text: 'Dear Ada,' }] }] },
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(
  role: Role,
  decision: ReleasedDecision | null,
  record: () => Promise<unknown> = () => Promise.resolve({ message: 'Noted.' }),
) {
  const recordOpening = vi.fn(record);
  const actor = createActor(decisionLetterMachine.provide({ actors: { recordOpening: fromPromise(() => recordOpening()) } }), {
    input: { role, decision },
  }).start();
  const view = () => connectDecisionLetter(actor.getSnapshot(), (event) => actor.send(event));
  return { view, recordOpening };
}

describe('the decision letter', () => {
  it('shows the letter the profile gave, and tells the server of the first showing only', async () => {
    const { view, recordOpening } = start('applicant', DECISION);
    expect(view()).toMatchObject({ letter: DECISION.letter, releasedAt: DECISION.released_at, pdfUrl: DECISION_LETTER_PDF_URL });
    view().shown();
    await flush();
    view().shown();
    await flush();
    expect(recordOpening).toHaveBeenCalledTimes(1);
  });

  it('tries a failed record again at the next showing, the letter still shown', async () => {
    let attempts = 0;
    const { view, recordOpening } = start('applicant', DECISION, () =>
      ++attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({}),
    );
    view().shown();
    await flush();
    expect(view().letter).toEqual(DECISION.letter);
    view().shown();
    await flush();
    view().shown();
    await flush();
    expect(recordOpening).toHaveBeenCalledTimes(2);
  });

  it('has nothing to show before a release, and records nothing for staff reading a copy', async () => {
    const none = start('applicant', null);
    expect(none.view()).toMatchObject({ letter: null, releasedAt: null });
    none.view().shown();
    const staff = start('staff', DECISION);
    staff.view().shown();
    await flush();
    expect(none.recordOpening).not.toHaveBeenCalled();
    expect(staff.recordOpening).not.toHaveBeenCalled();
  });
});
