import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { connectSubmit } from '../../machines/submitView';
import { missingInformation, type MissingItem } from '../../machines/validationMachine';
import { NO_ERRORS, sameErrors } from '../../machines/validationView';
import { useOptionalSubmit, useViewValue } from '../app/actors';
import { useValidationValue } from './useValidationValue';
import { PAGES } from '../catalogue/pages';

const MISSING_TITLE = "We're missing some information!";

/**
 * The missing-information summary, shown only while validation is active. Each item
 * links to /{page}#{key} (the router's Link; the navigation actor hears of the move from the
 * router); the form area scrolls to and focuses that question.
 */
export function MissingInformation() {
  const active = useValidationValue((view) => view.active, false);
  const errors = useValidationValue((view) => view.errors, NO_ERRORS, sameErrors);
  // Loaded with the page actors: absent on a first visit to /about, where no submit was refused yet.
  const rejected = useViewValue(useOptionalSubmit(), connectSubmit, (view) => view.rejected, false);
  const items = useMemo(() => missingInformation(errors), [errors]);
  const heading = useRef<HTMLHeadingElement>(null);

  // A submit that found errors lands here: the reader is taken to the list of what is missing.
  useEffect(() => {
    if (rejected) heading.current?.focus();
  }, [rejected]);

  if (!active || items.length === 0) return null;
  return (
    <section className="missing" aria-labelledby="missing-title" data-testid="missing-information">
      <h2 id="missing-title" ref={heading} tabIndex={-1} className="missing__title">
        {MISSING_TITLE}
      </h2>
      <p className="missing__text">
        The links below show what is still missing from your application. Missing items are also highlighted on each page. Please fix them
        and then submit your application again.
      </p>
      {PAGES.map((page) => {
        const pageItems = items.filter((item) => item.page === page.id);
        if (pageItems.length === 0) return null;
        return (
          <div key={page.id} className="missing__group">
            <h3 className="missing__page">{page.title}</h3>
            <ul className="missing__list">
              {pageItems.map((item) => (
                <MissingLink key={`${item.key}|${item.message}`} item={item} />
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

function MissingLink({ item }: { item: MissingItem }) {
  return (
    <li>
      <Link to={item.href} className="missing__link">
        {item.message}
      </Link>
    </li>
  );
}
