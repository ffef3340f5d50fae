import { useRef, type ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

/** One answer to the dialog's question: a button of its footer, in order. */
interface Choice {
  label: string;
  onChoose: () => void;
  /** The main answer (a primary button); the others are secondary. */
  primary?: boolean;
  /** Its call runs: a spinner, clicks ignored. */
  busy?: boolean;
  /** Focused when the dialog opens: a question before something is lost opens on its safe answer. */
  focus?: boolean;
}

interface Props {
  /** Controlled by the machine that asks. */
  open: boolean;
  title: string;
  description: ReactNode;
  size?: 'xs' | 's';
  choices: readonly Choice[];
  /**
   * What Escape, a click outside and the corner button mean (Cancel); without it only a choice
   * closes the dialog.
   */
  onDismiss?: () => void;
  /** Where focus goes when it closes, when the element that opened it is gone. */
  finalFocusEl?: () => HTMLElement | null;
  children?: ReactNode;
}

/**
 * A question the applicant must answer (an alertdialog): the inactivity warning, answers offered
 * back, Log Out with answers not saved. Its owner's machine holds it open and hears the choice.
 */
export function ChoiceDialog({ open, title, description, size = 'xs', choices, onDismiss, finalFocusEl, children }: Props) {
  const focused = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onDismiss?.())}
      dismissible={onDismiss !== undefined}
      role="alertdialog"
      size={size}
      title={title}
      description={description}
      {...(choices.some((choice) => choice.focus) ? { initialFocusEl: () => focused.current } : {})}
      {...(finalFocusEl ? { finalFocusEl } : {})}
      footer={choices.map((choice) => (
        <Button
          key={choice.label}
          ref={choice.focus ? focused : undefined}
          variant={choice.primary ? 'primary' : 'secondary'}
          busy={choice.busy ?? false}
          onClick={choice.onChoose}
        >
          {choice.label}
        </Button>
      ))}
    >
      {children}
    </Dialog>
  );
}
