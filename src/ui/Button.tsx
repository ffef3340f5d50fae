import type { ButtonHTMLAttributes, CSSProperties, MouseEvent, Ref } from 'react';
import { BUTTON_SIZES } from '../catalogue/limits';
import { Spinner } from './Spinner';
import './Button.css';

type ButtonVariant = 'primary' | 'secondary' | 'text';
/** BUTTON_SIZES: next 15rem × 3rem, submit 10rem × 3rem; default fits its label. */
type ButtonSize = 'default' | keyof typeof BUTTON_SIZES;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A call is running: the button shows a spinner and ignores clicks but keeps its focus. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'default',
  busy = false,
  type = 'button',
  className,
  onClick,
  children,
  ref,
  style,
  ...rest
}: ButtonProps) {
  const sized =
    size === 'default'
      ? undefined
      : ({ '--button-width': BUTTON_SIZES[size].width, '--button-height': BUTTON_SIZES[size].height } as CSSProperties);
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
      className={['ui-button', `ui-button--${variant}`, `ui-button--${size}`, busy ? 'is-busy' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      aria-busy={busy || undefined}
      aria-disabled={busy || rest.disabled || undefined}
      onClick={handleClick}
      style={sized || style ? { ...sized, ...style } : undefined}
      {...rest}
    >
      <span className="ui-button__label">{children}</span>
      {busy ? <Spinner type="circles" size="small" decorative className="ui-button__spinner" /> : null}
    </button>
  );
}
