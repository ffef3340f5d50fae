import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

interface FieldProps {
  id: string;
  label: string;
  error: string | undefined;
}

/** The label, the control and its message, tied to it and announced when it appears. */
function FieldFrame({ id, label, error, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className={error ? 'console-field console-field--invalid' : 'console-field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      <p id={`${id}-error`} className="console-field__error" role="alert">
        {error ?? ''}
      </p>
    </div>
  );
}

/** What ties a control to its message: marked invalid, and described by the message while there is one. */
const described = ({ id, error }: Pick<FieldProps, 'id' | 'error'>) => ({
  id,
  name: id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** One labelled field of a console form, its message tied to it and announced when it appears. */
export function ConsoleField({ id, label, error, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      <input {...described({ id, error })} {...input} />
    </FieldFrame>
  );
}

/** The same for text written over several lines (a comment, a note, a list of reference numbers). */
export function ConsoleTextArea({ id, label, error, ...area }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      <textarea {...described({ id, error })} {...area} />
    </FieldFrame>
  );
}
