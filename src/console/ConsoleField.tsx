import type { InputHTMLAttributes } from 'react';

/** One labelled field of a console form, its message tied to it and announced when it appears. */
export function ConsoleField({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'console-field console-field--invalid' : 'console-field'}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      <p id={errorId} className="console-field__error" role="alert">
        {error ?? ''}
      </p>
    </div>
  );
}
