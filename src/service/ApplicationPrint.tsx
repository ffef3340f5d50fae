import { useMemo } from 'react';
import { isAnswered, visibility } from '../catalogue/conditions';
import type { Answers } from '../catalogue/dataModel';
import { CONDITION_CATALOGUE, QUESTIONS, SECTIONS, type SectionId } from '../catalogue/questions';
import type { Submission } from '../../machines/coreEvents';
import { SUBMISSION_LABELS, formatSubmittedAt } from '../catalogue/submission';
import { useAllAnswers, useTextAnswer } from '../questions/hooks';
import { StaticSection } from '../questions/StaticSection';
import { showBidiControls } from '../catalogue/display';
import '../questions/questions.css';
import './service.css';

/** Staff always see who applied and where they live; other sections when answered. */
const ALWAYS_SHOWN: ReadonlySet<SectionId> = new Set(['personal', 'address']);

/**
 * Staff see "address fields except school". The school search fills the school's address; only
 * its street lines are left out. Its name, code, city, state and country stay: a school abroad
 * has no CEEB code, and its name alone does not say which school it is.
 */
const SCHOOL_ADDRESS: ReadonlySet<string> = new Set(
  QUESTIONS.flatMap((q) =>
    q.lookup
      ? Object.entries(q.lookup.fills)
          .filter(([field]) => field.startsWith('address_line'))
          .map(([, key]) => key)
      : [],
  ),
);

/** A CSS string: the name goes into a stylesheet, so quotes, backslashes and line breaks are escaped. */
function cssString(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&').replace(/[\n\r\f]/g, ' ')}"`;
}

/**
 * Every printed page names the applicant and counts the pages, in the page's margin
 * boxes (CSS Paged Media), so a loose sheet still says whose application it is. The page context
 * does not inherit the theme's custom properties, hence the literal grey (neutral main).
 */
function RunningHead({ applicant, title }: { applicant: string; title: string }) {
  const css =
    `@media print{@page{@top-left{content:${cssString(`${applicant} · ${title}`)};font:8pt system-ui,sans-serif;color:#5b6472}` +
    `@top-right{content:"Page " counter(page) " of " counter(pages);font:8pt system-ui,sans-serif;color:#5b6472}}}`;
  return <style>{css}</style>;
}

function holdsAnswers(section: SectionId, answers: Answers): boolean {
  return QUESTIONS.some((q) => q.section === section && isAnswered(answers[q.key]));
}

/**
 * The staff print view: the whole application as static text in a print layout, with no button,
 * input, link, modal or separator. One component for both ways staff read an application: a staff
 * link (the applicants' app in service mode) and the console's application page. It reads the
 * application's actors of the root it is rendered under (a staff copy: nothing can be changed);
 * the title and the submission are the caller's.
 */
export function ApplicationPrint({
  title,
  submission,
  landmark = 'main',
}: {
  title: string;
  submission: Submission;
  /** The page's main content (a staff link), or a part of a page that has its own (the console). */
  landmark?: 'main' | 'div';
}) {
  const Landmark = landmark;
  const answers = useAllAnswers();
  const isVisible = useMemo(() => visibility(answers, CONDITION_CATALOGUE), [answers]);
  const name = showBidiControls(
    [useTextAnswer('first_name'), useTextAnswer('middle_name'), useTextAnswer('last_name')].filter(Boolean).join(' '),
  );
  const sections = SECTIONS.filter((section) => ALWAYS_SHOWN.has(section.id) || holdsAnswers(section.id, answers));
  const options = useMemo(() => ({ isVisible, hidden: SCHOOL_ADDRESS, answeredOnly: true }), [isVisible]);

  return (
    <Landmark className="service-view">
      <RunningHead applicant={name || 'Applicant'} title={title || 'Application for Admission'} />
      <div className="service-view__heading">
        <p className="service-view__kicker">{title || 'Application for Admission'}</p>
        <h1 className="service-view__name">
          <bdi>{name || 'Applicant'}</bdi>
        </h1>
        <p className="service-view__note">Read-only copy for admissions staff</p>
        {/* Whether and when it was submitted, and its reference number (as on the applicant's page and PDF copy). */}
        <dl className="service-view__status">
          <div>
            <dt>{SUBMISSION_LABELS.status}</dt>
            <dd>
              {submission ? `${SUBMISSION_LABELS.submitted} ${formatSubmittedAt(submission.submittedAt)}` : SUBMISSION_LABELS.notSubmitted}
            </dd>
          </div>
          {submission ? (
            <div>
              <dt>{SUBMISSION_LABELS.reference}</dt>
              <dd>{submission.reference}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      {sections.map((section) => (
        <StaticSection key={section.id} section={section} answers={answers} options={options} />
      ))}
    </Landmark>
  );
}
