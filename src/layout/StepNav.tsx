import { Link } from 'react-router-dom';
import { connectAnswers } from '../../machines/answersView';
import { currentView, useOptionalAnswers, useViewValue } from '../app/actors';
import { useValidationValue } from './useValidationValue';
import { isModifiedClick } from '../app/modifiedClick';
import { useBrowserLocation } from '../app/useBrowserLocation';
import { PAGES } from '../catalogue/pages';

/** Said after a step's title while its answers show errors. */
const NEEDS_ATTENTION = 'needs attention';

/**
 * The horizontal step navigation. A click is `answers.saveAndGo`: the answers actor sends
 * a visitor with answers to /signup, saves and validates for an applicant, and asks the
 * navigation actor for the page. The router's links, so the steps read as navigation and open in a
 * new tab; a plain click goes through the answers actor instead of straight to the router.
 * While errors show, a step holding some is marked in the error colour with "!" and named
 * "About You, needs attention", never as done.
 */
export function StepNav() {
  // The steps show with the frame, before the form actors arrive; until then a click waits for them.
  const answers = useOptionalAnswers();
  const saving = useViewValue(answers, connectAnswers, (view) => view.saving, false);
  // The validation actor loads with the form actors; until then nothing needs attention.
  // A string, so the bar re-renders only when the steps marked change.
  const attention = useValidationValue((view) => view.attention, '');
  const { pathname } = useBrowserLocation();
  const currentIndex = PAGES.findIndex((page) => page.route === pathname);
  return (
    <nav className="steps" aria-label="Application steps" aria-busy={saving || undefined}>
      <ol className="steps__list">
        {PAGES.map((page, index) => {
          const current = index === currentIndex;
          const needsAttention = attention.split(' ').includes(page.id);
          const state = needsAttention ? 'needs-attention' : index < currentIndex ? 'is-before' : '';
          return (
            <li key={page.id} className={['steps__item', current ? 'is-current' : '', state].join(' ')}>
              <Link
                to={page.route}
                className="steps__link"
                aria-current={current ? 'page' : undefined}
                // A hidden ", needs attention" after the title would be read with a space before its comma.
                aria-label={needsAttention ? `Step ${index + 1} of ${PAGES.length}: ${page.title}, ${NEEDS_ATTENTION}` : undefined}
                onClick={(event) => {
                  if (isModifiedClick(event)) return;
                  event.preventDefault();
                  if (answers) currentView(answers, connectAnswers).saveAndGo(page.route);
                }}
              >
                <span className="steps__number" aria-hidden="true">
                  {needsAttention ? '!' : index + 1}
                </span>
                <span className="steps__title">
                  <span className="visually-hidden">
                    Step {index + 1} of {PAGES.length}:{' '}
                  </span>
                  {page.title}
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
