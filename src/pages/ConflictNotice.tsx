import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { submitMachine } from '../../machines/submitMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useOptionalSystemActor } from '../app/actors';
import { CONFLICT_MESSAGES, answerLabel } from '../catalogue/answerMessages';
import { SUBMIT_CONFLICT_MESSAGE } from '../catalogue/messages';
import { pageOfKey } from '../catalogue/questions';
import { useAnswersActor } from '../questions/hooks';

type SubmitActor = ActorRefFrom<typeof submitMachine>;

const NONE: readonly string[] = [];

/**
 * Issue 12: after a two-tab conflict, the answers the other tab changed, by their labels, each a
 * link that takes focus to its field (/{page}#{key}, as the missing-information list does). It
 * stands in the page beside Save and Submit, where the applicant just acted, rather than in a
 * toast: in the flow it can never cover a field, on a phone least of all, and it stays until a
 * save goes through, so there is no lifetime to get wrong. Always in the page (empty when there
 * is nothing to say), so that screen readers announce it the moment it fills.
 */
export function ConflictNotice() {
  const answers = useAnswersActor();
  const submit = useOptionalSystemActor<SubmitActor>(SYSTEM_IDS.submit);
  const conflicts = useSelector(answers, (s) => (s.matches('student') ? s.context.conflicts : NONE));
  const submitting = useSelector(submit, (s) => s?.matches('conflicted') ?? false);
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
