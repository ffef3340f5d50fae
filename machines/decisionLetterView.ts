import type { SnapshotFrom } from 'xstate';
import type { Letter } from '../src/catalogue/letters';
import type { decisionLetterMachine } from './decisionLetterMachine';

type Snapshot = SnapshotFrom<typeof decisionLetterMachine>;
type Send = (event: { type: 'decisionLetter.shown' }) => void;

/** Where the letter's PDF is read (the applicant's session). */
export const DECISION_LETTER_PDF_URL = '/api/decision/letter.pdf';

export interface DecisionLetterView {
  /** The letter, or null before a release sent one. */
  letter: Letter | null;
  releasedAt: number | null;
  pdfUrl: string;
  /** The page shows the letter now. */
  shown: () => void;
}

/** What the completion page needs of the decision letter actor. */
export function connectDecisionLetter(snapshot: Snapshot, send: Send): DecisionLetterView {
  const { decision } = snapshot.context;
  return {
    letter: decision?.letter ?? null,
    releasedAt: decision?.released_at ?? null,
    pdfUrl: DECISION_LETTER_PDF_URL,
    shown: () => send({ type: 'decisionLetter.shown' }),
  };
}
