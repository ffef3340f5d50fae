import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { CSSProperties, ReactNode } from 'react';
import { MODAL_SIZES } from '../catalogue/limits';
import { CloseIcon } from './CloseIcon';
import './Dialog.css';

/** The modal sizes (MODAL_SIZES): xs 30rem, s 60rem, m 80vw (tablet: 30rem, 70vw, 90vw). */
type DialogSize = keyof typeof MODAL_SIZES.desktop;

export interface DialogProps {
  /** Controlled: the owner (a machine, or plain state for purely presentational modals) decides. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: DialogSize;
  children?: ReactNode;
  /** The actions row (buttons), right-aligned on wide screens, stacked on phones. */
  footer?: ReactNode;
  /** alertdialog for questions the user must answer (inactivity, delete confirmation). */
  role?: 'dialog' | 'alertdialog';
  /**
   * false: only the footer's actions close it (no Escape, no click outside, no corner button),
   * for modals whose closing means a decision.
   */
  dismissible?: boolean;
  /** The element to focus on open; by default the first focusable element. */
  initialFocusEl?: () => HTMLElement | null;
  /** The element to focus when it closes; by default the one focused before it opened. */
  finalFocusEl?: () => HTMLElement | null;
  className?: string;
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  size = 's',
  children,
  footer,
  role = 'dialog',
  dismissible = true,
  initialFocusEl,
  finalFocusEl,
  className,
}: DialogProps) {
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role={role}
      closeOnEscape={dismissible}
      closeOnInteractOutside={dismissible}
      lazyMount
      unmountOnExit
      {...(initialFocusEl ? { initialFocusEl } : {})}
      {...(finalFocusEl ? { finalFocusEl } : {})}
    >
      <Portal>
        <ArkDialog.Backdrop className="ui-dialog__backdrop" />
        <ArkDialog.Positioner className="ui-dialog__positioner">
          <ArkDialog.Content
            className={['ui-dialog', className ?? ''].filter(Boolean).join(' ')}
            // The widths come from the catalogue; Dialog.css picks the tablet one below 1024 px.
            style={{ '--modal-width': MODAL_SIZES.desktop[size], '--modal-width-tablet': MODAL_SIZES.tablet[size] } as CSSProperties}
          >
            <div className="ui-dialog__header">
              <ArkDialog.Title className="ui-dialog__title">{title}</ArkDialog.Title>
              {dismissible ? (
                // Named 'Dismiss', not 'Close': footers often have their own 'Close' button.
                <ArkDialog.CloseTrigger className="close-button ui-dialog__dismiss" aria-label="Dismiss">
                  <CloseIcon size={20} />
                </ArkDialog.CloseTrigger>
              ) : null}
            </div>
            {description ? <ArkDialog.Description className="ui-dialog__description">{description}</ArkDialog.Description> : null}
            {children ? <div className="ui-dialog__body">{children}</div> : null}
            {footer ? <div className="ui-dialog__footer">{footer}</div> : null}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}
