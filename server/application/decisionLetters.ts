import type { Db } from '../../db/connection';
import { findReleasedLetter, markLetterOpened } from '../../db/decisions';
import type { Letter } from '../../src/catalogue/letters';
import type { Clock } from '../clock';
import { HttpError } from '../http/errors';
import { renderLetterPdf } from '../pdf/letterPdf';

export const LETTER_MESSAGES = {
  none: 'No decision has been released to you yet.',
  opened: 'Your letter is marked as read.',
} as const;

export const LETTER_FILE_NAME = 'admission-decision.pdf';

/**
 * The applicant's side of a release: their letter once it was sent to them (never before its
 * release), as a PDF, and the time they first opened it.
 */
export function createDecisionLetters(deps: { db: Db; clock: Clock; collegeName: string }) {
  const { db, clock } = deps;
  function released(userId: number) {
    const row = findReleasedLetter(db, userId);
    if (!row) throw new HttpError(404, LETTER_MESSAGES.none);
    return { releaseId: row.release_id, sentAt: row.sent_at, letter: JSON.parse(row.letter) as Letter };
  }
  return {
    /** Records the first opening; later ones change nothing. */
    opened(userId: number): void {
      const { releaseId } = released(userId);
      markLetterOpened(db, userId, releaseId, clock.now());
    },
    async pdf(userId: number): Promise<Buffer> {
      const { letter, sentAt } = released(userId);
      return renderLetterPdf(letter, { collegeName: deps.collegeName, releasedAt: sentAt });
    },
  };
}

export type DecisionLetters = ReturnType<typeof createDecisionLetters>;
