import { Link } from 'react-router-dom';
import { connectAnswers } from '../../machines/answersView';
import { connectSubmit } from '../../machines/submitView';
import { useAnswers, useOptionalSubmit, useViewValue } from '../app/actors';
import { CONFLICT_MESSAGES, answerLabel } from '../catalogue/answerMessages';
import { SUBMIT_CONFLICT_MESSAGE } from '../catalogue/messages';
import { pageOfKey } from '../catalogue/questions';

/**
 * After a two-tab conflict, the answers the other tab changed, by their labels, each a
 * link that takes focus to its field (/{page}#{key}, as the missing-information list does). It
 * stands in the page beside Save and Submit, where the applicant just acted, rather than in a
 * toast: in the flow it can never cover a field, on a phone least of all, and it stays until a
 * save goes through, so there is no lifetime to get wrong. Always in the page (empty when there
 * is nothing to say), so that screen readers announce it the moment it fills.
 */
export function ConflictNotice() {
  const conflicts = useViewValue(useAnswers(), connectAnswers, (view) => view.conflicts);
  const submitting = useViewValue(useOptionalSubmit(), connectSubmit, (view) => view.conflicted, false);
  return (
    <div className="conflict-notice" role="alert">
      {conflicts.length > 0 ? (
        <>
          <p className="conflict-notice__title">{CONFLICT_MESSAGES.title}</p>
          <p className="conflict-notice__text">{submitting ? SUBMIT_CONFLICT_MESSAGE : CONFLICT_MESSAGES.save}</p>
          <ul className="conflict-notice__list">
            {conflicts.map((key) => (
              <li key={key}>
                <Link to={`/${pageOfKey(key) ?? ''}#${key}`} className="conflict-notice__link">
                  {answerLabel(key)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
