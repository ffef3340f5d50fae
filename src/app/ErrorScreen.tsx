import { useEffect, useRef } from 'react';
import './ErrorScreen.css';

/** The root error screen: route errors and the root actor's `error` tag both end here. */
const ERROR_SCREEN_TITLE = 'Something went wrong.';
const ERROR_SCREEN_TEXT = 'The issue that caused you to see this has been logged. We will get it fixed as soon as possible.';

export function ErrorScreen() {
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the reader: say so by moving focus to the explanation.
  useEffect(() => heading.current?.focus(), []);
  return (
    <main id="main" className="error-screen">
      <div className="error-screen__card">
        <svg className="error-screen__icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
          <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M24 13v14" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
          <circle cx="24" cy="34" r="2.4" fill="currentColor" />
        </svg>
        <h1 ref={heading} tabIndex={-1} className="error-screen__title">
          {ERROR_SCREEN_TITLE}
        </h1>
        <p className="error-screen__text">{ERROR_SCREEN_TEXT}</p>
        <p className="error-screen__action">
          {/* A full load starts the app afresh: whatever broke is left behind. */}
          <a href="/about">Return to your application</a>
        </p>
      </div>
    </main>
  );
}
