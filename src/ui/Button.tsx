import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';
import { Spinner } from './Spinner';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'text';
/** Section 9: next 15rem × 3rem, submit 10rem × 3rem; default fits its label. */
export type ButtonSize = 'default' | 'next' | 'submit';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A call is running: the button shows a spinner and ignores clicks but keeps its focus. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'primary', size = 'default', busy = false, type = 'button', className, onClick, children, ref, ...rest }: ButtonProps) {
  // aria-disabled rather than disabled: a disabled button drops keyboard focus mid-submit.
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      ref={ref}
      type={type}
      className={['ui-button', `ui-button--${variant}`, `ui-button--${size}`, busy ? 'is-busy' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-busy={busy || undefined}
      aria-disabled={busy || rest.disabled || undefined}
      onClick={handleClick}
      {...rest}
    >
      <span className="ui-button__label">{children}</span>
      {busy ? <Spinner type="circles" size="small" decorative className="ui-button__spinner" /> : null}
    </button>
  );
}
