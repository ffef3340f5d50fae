import './fields.css';
import type { ReactNode } from 'react';

/** Ids tying an input to its label, help and errors. */
export const ids = (key: string) => ({ input: `q-${key}`, help: `q-${key}-help`, error: `q-${key}-error` });

/** The accessibility props every input of a question gets. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export function controlProps(
  key: string,
  opts: { help?: string; errors: readonly string[]; required: boolean; errorId?: string },
): ControlProps {
  const id = ids(key);
  const described = [opts.help ? id.help : '', opts.errors.length > 0 ? (opts.errorId ?? id.error) : ''].filter(Boolean).join(' ');
  return {
    id: id.input,
    ...(described ? { 'aria-describedby': described } : {}),
    ...(opts.errors.length > 0 ? { 'aria-invalid': true as const } : {}),
    ...(opts.required ? { 'aria-required': true as const } : {}),
  };
}

export function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="q-required" aria-hidden="true">
      *
    </span>
  ) : null;
}

/**
 * Always in the page (empty when valid) so that screen readers announce an error the moment it
 * appears; an aria-live region added together with its text is often not read.
 */
export function ErrorText({ id, messages }: { id: string; messages: readonly string[] }) {
  return (
    <div id={id} className="q-error" aria-live="polite">
      {messages.map((message) => (
        <p key={message}>
          <svg className="q-error__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <circle cx="8" cy="8" r="8" />
            <path d="M7 3.5h2v5.5H7zM7 10.5h2v2H7z" />
          </svg>
          {message}
        </p>
      ))}
    </div>
  );
}

export function HelpText({ id, help }: { id: string; help?: string }) {
  return help ? (
    <p id={id} className="q-help">
      {help}
    </p>
  ) : null;
}

interface FrameProps {
  questionKey: string;
  label: string;
  help?: string;
  required: boolean;
  errors: readonly string[];
  children: ReactNode;
  /** A wide field (text area, search) takes the whole row of the grid. */
  wide?: boolean;
}

/** A labelled question: the container carries the answer key as id so /{page}#{key} scrolls here. */
export function FieldFrame({ questionKey, label, help, required, errors, children, wide }: FrameProps) {
  const id = ids(questionKey);
  return (
    <div id={questionKey} className={wide ? fieldClass(errors, wide) : `${fieldClass(errors)} q-field--aligned`}>
      <label className="q-label" htmlFor={id.input}>
        {label}
        <RequiredMark required={required} />
      </label>
      <HelpText id={id.help} help={help} />
      {children}
      <ErrorText id={id.error} messages={errors} />
    </div>
  );
}

/**
 * A group of radio buttons: a fieldset whose legend is the question. The radiogroup role lets
 * the group itself carry aria-invalid and aria-required (a plain group may not).
 */
export function FieldsetFrame({ questionKey, label, help, required, errors, children, wide }: FrameProps) {
  const id = ids(questionKey);
  const described = [help ? id.help : '', errors.length > 0 ? id.error : ''].filter(Boolean).join(' ');
  return (
    <fieldset
      id={questionKey}
      role="radiogroup"
      className={`${fieldClass(errors, wide)} q-fieldset`}
      aria-describedby={described || undefined}
      aria-invalid={errors.length > 0 || undefined}
      aria-required={required || undefined}
    >
      <legend className="q-label">
        {label}
        <RequiredMark required={required} />
      </legend>
      <HelpText id={id.help} help={help} />
      {children}
      <ErrorText id={id.error} messages={errors} />
    </fieldset>
  );
}

export function fieldClass(errors: readonly string[], wide?: boolean): string {
  return ['q-field', wide ? 'q-field--wide' : '', errors.length > 0 ? 'q-field--invalid' : ''].filter(Boolean).join(' ');
}
