import { useEffect, useState } from 'react';
import { characters } from '../catalogue/answerMessages';

/** The count shows once this share of the limit is used (a text area with `total` shows its total always). */
const SHOW_FROM = 0.75;
/** Screen readers hear the count once typing pauses this long, not at every keystroke. */
const ANNOUNCE_AFTER_MS = 1000;

/** GOV.UK's character count words: what is left, or how many to cut. */
export function countStatus(length: number, limit: number): string {
  return length > limit ? `You have ${characters(length - limit)} too many` : `You have ${characters(limit - length)} remaining`;
}

/** The id a counted control lists in its aria-describedby: the limit, said with the field. */
export const countHintId = (inputId: string) => `${inputId}-count-hint`;

interface Props {
  inputId: string;
  length: number;
  limit: number;
  /** A text area's 'Character count: n / limit', shown at every length. */
  total?: boolean;
}

/**
 * A text answer's limit and live count (GOV.UK's character count): nothing is ever cut, the field
 * says how many characters are left or how many are too many. The visible count follows every
 * keystroke; screen readers get the limit with the field and the count, politely, once typing pauses.
 */
export function CharacterCount({ inputId, length, limit, total = false }: Props) {
  const over = length > limit;
  const shown = over || length >= limit * SHOW_FROM;
  const status = countStatus(length, limit);
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(shown ? status : ''), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [shown, status]);
  return (
    <div className="q-count">
      <p id={countHintId(inputId)} className="visually-hidden">
        You can enter up to {characters(limit)}.
      </p>
      {total || shown ? (
        <p className={over ? 'q-count__line q-count__line--over' : 'q-count__line'} aria-hidden="true">
          {total ? (
            <span>
              Character count: {length} / {limit}
            </span>
          ) : null}
          {total && shown ? <span aria-hidden="true"> · </span> : null}
          {shown ? <span className="q-count__status">{status}</span> : null}
        </p>
      ) : null}
      <p className="visually-hidden" aria-live="polite" data-testid={`${inputId}-count-announcement`}>
        {announced}
      </p>
    </div>
  );
}
