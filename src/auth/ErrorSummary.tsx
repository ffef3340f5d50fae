import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { errorSummaryOf } from '../../machines/authCardMachine';
import { useAuthCard } from '../app/actors';
import { fieldCopy } from './cards';

/**
 * A refused submit's error summary (GOV.UK's pattern): 'There is a problem', each message a link
 * to its input. It takes focus at every refused submit, so a screen reader hears what to fix first.
 */
export function ErrorSummary() {
  const authCard = useAuthCard();
  const card = useSelector(authCard, (snapshot) => snapshot.context.card);
  const attempt = useSelector(authCard, (snapshot) => errorSummaryOf(snapshot).attempt);
  const items = useSelector(
    authCard,
    (snapshot) => errorSummaryOf(snapshot).items,
    (a, b) => a.length === b.length && a.every((item, index) => item.message === b[index]?.message),
  );
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (attempt > 0) box.current?.focus();
  }, [attempt]);
  if (items.length === 0) return null;
  return (
    <div ref={box} className="error-summary" tabIndex={-1} aria-labelledby="error-summary-title" role="group">
      <h2 id="error-summary-title" className="error-summary__title">
        There is a problem
      </h2>
      <ul className="error-summary__list">
        {items.map(({ field, message }) => (
          <li key={field}>
            <a
              href={`#auth-${field}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(`auth-${field}`)?.focus();
              }}
            >
              <span className="visually-hidden">{fieldCopy(card, field).label}: </span>
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
