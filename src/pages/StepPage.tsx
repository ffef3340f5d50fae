import { Suspense, lazy, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { connectAnswers } from '../../machines/answersView';
import { connectClearGuard } from '../../machines/clearGuardView';
import { connectOverlays } from '../../machines/overlaysView';
import { currentView, useAnswers, useClearGuard, useOverlays, useViewValue } from '../app/actors';
import { ANNOUNCEMENTS } from '../catalogue/announcements';
import { announce } from '../layout/Announcer';
import { ChunkBoundary, lazyChunk } from '../app/chunks';
import { visibility } from '../catalogue/conditions';
import { CONDITION_CATALOGUE, PAGES, SECTIONS, type PageId } from '../catalogue/questions';
import { useAllAnswers, useReadOnly } from '../questions/hooks';
import { requiredKeys } from '../questions/required';
import { SectionView } from '../questions/SectionView';
import { StepActions } from './StepActions';
import '../questions/questions.css';
import './pages.css';

// Read-only users (staff) normally get the print view instead; the static layout loads only for them.
const StaticSection = lazy(() => import('../questions/StaticSection').then((m) => ({ default: m.StaticSection })));
// The question before a choice clears typed answers: Ark's dialog loads the first time it is asked.
const ClearGuardDialog = lazy(() => import('../questions/ClearGuardDialog'));

function ClearGuardQuestion() {
  const asking = useViewValue(useClearGuard(), connectClearGuard, (view) => view.asking);
  // Once loaded it stays, so that closing it gives focus back where the applicant was.
  const [needed, setNeeded] = useState(false);
  if (asking && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ClearGuardDialog />
    </Suspense>
  ) : null;
}

/** The first step shown in a visit keeps the browser's start of page; every later one takes focus. */
let stepShownBefore = false;

/**
 * A new step (Next, a step link, Back) moves focus to its heading and announces it, but
 * only focus the move left behind: fallen to the page body or the main area, or still on the step
 * links or the step's buttons. Anywhere else the applicant (or the page) has put it since — a
 * question a link pointed at, the summary of what is missing, the Account button or its popover
 * opened while the step still loaded — it stays.
 */
function useStepArrival(heading: RefObject<HTMLHeadingElement | null>, text: string) {
  const overlays = useOverlays();
  useEffect(() => {
    if (!stepShownBefore) {
      stepShownBefore = true;
      return;
    }
    // An overlay opened meanwhile (the Account popover, whose trigger is replaced as its code
    // arrives, so focus falls to the body for a moment) keeps the applicant's attention.
    if (currentView(overlays, connectOverlays).anyOpen) return;
    const main = document.getElementById('main');
    const held = document.activeElement;
    const leftBehind = !held || held === document.body || held === main || held.closest('.steps, .step-actions') !== null;
    if (window.location.hash || !leftBehind) return;
    heading.current?.focus();
    announce(text);
  }, [heading, text, overlays]);
}

// Answers offered back after a login: the choice loads the first time it is offered.
const OfferDialog = lazyChunk(() => import('../questions/OfferDialog'));

function OfferQuestion() {
  const offering = useViewValue(useAnswers(), connectAnswers, (view) => view.offering);
  const [needed, setNeeded] = useState(false);
  if (offering && !needed) setNeeded(true);
  return needed ? (
    <ChunkBoundary compact>
      <Suspense fallback={null}>
        <OfferDialog />
      </Suspense>
    </ChunkBoundary>
  ) : null;
}

/**
 * A step of the application: its sections in catalogue order, what the step adds before the
 * actions (Final Steps: the PDF copy), and the actions at the bottom. Each
 * question's container carries its answer key as id; the form area scrolls /{page}#{key} to it.
 */
export function StepPage({ pageId, beforeActions }: { pageId: PageId; beforeActions?: ReactNode }) {
  const index = PAGES.findIndex((page) => page.id === pageId);
  const page = PAGES[index]!;
  const answers = useAllAnswers();
  const readOnly = useReadOnly();
  const isVisible = useMemo(() => visibility(answers, CONDITION_CATALOGUE), [answers]);
  const required = useMemo(() => requiredKeys(answers, pageId), [answers, pageId]);
  const sections = SECTIONS.filter((section) => section.page === pageId);
  const heading = useRef<HTMLHeadingElement>(null);
  useStepArrival(heading, ANNOUNCEMENTS.step(index + 1, PAGES.length, page.title));

  return (
    <div className="step-page">
      <div className="step-page__intro">
        <p className="step-page__step">
          Step {index + 1} of {PAGES.length}
        </p>
        <h1 ref={heading} tabIndex={-1} className="step-page__title">
          {page.title}
        </h1>
        {readOnly ? null : (
          <p className="step-page__note">
            Questions marked <span aria-hidden="true">*</span>
            <span className="visually-hidden">with an asterisk</span> are required.
          </p>
        )}
      </div>
      {sections.map((section) =>
        readOnly ? (
          <Suspense key={section.id} fallback={null}>
            <StaticSection section={section} answers={answers} options={{ isVisible }} />
          </Suspense>
        ) : (
          <SectionView key={section.id} section={section} isVisible={isVisible} required={required} />
        ),
      )}
      {readOnly ? null : beforeActions}
      {readOnly ? null : <StepActions next={PAGES[index + 1]?.route} />}
      {readOnly ? null : <ClearGuardQuestion />}
      {readOnly ? null : <OfferQuestion />}
    </div>
  );
}
