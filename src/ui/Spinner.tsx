import type { CSSProperties } from 'react';
import { LOADING_SIZES } from '../catalogue/limits';
import './Spinner.css';

/** The loading types, spinner or circles, and sizes (LOADING_SIZES). */
type LoadingType = 'spinner' | 'circles';
type LoadingSize = keyof typeof LOADING_SIZES;

export interface SpinnerProps {
  type?: LoadingType;
  size?: LoadingSize;
  /** Read by screen readers; the animation itself is hidden from them. */
  label?: string;
  /**
   * Covers the whole page on the top layer (z-index 2147483647), for loads that block every interaction
   * (the profile before the form area shows).
   */
  overlay?: boolean;
  /** Inside a busy button the button already says it is busy: no second live region. */
  decorative?: boolean;
  className?: string;
}

export function Spinner({
  type = 'spinner',
  size = 'medium',
  label = 'Loading…',
  overlay = false,
  decorative = false,
  className,
}: SpinnerProps) {
  const indicator = (
    <span
      className={['ui-spinner', `ui-spinner--${type}`, `ui-spinner--${size}`, overlay ? '' : (className ?? '')].filter(Boolean).join(' ')}
      style={{ '--loading-size': LOADING_SIZES[size] } as CSSProperties}
      {...(decorative ? { 'aria-hidden': true } : { role: 'status' })}
    >
      {type === 'circles' ? (
        <span className="ui-spinner__dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
      ) : (
        <span className="ui-spinner__ring" aria-hidden="true" />
      )}
      {decorative ? null : <span className="visually-hidden">{label}</span>}
    </span>
  );
  if (!overlay) return indicator;
  return <div className={['ui-spinner-overlay', className ?? ''].filter(Boolean).join(' ')}>{indicator}</div>;
}
