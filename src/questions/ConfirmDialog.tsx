import { useRef } from 'react';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

interface Props {
  open: boolean;
  title: string;
  text: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirming button's words; 'Continue' unless the action deserves its own name. */
  confirmLabel?: string;
  /** A question before answers are destroyed: it opens on Cancel, so Enter alone deletes nothing. */
  destructive?: boolean;
  /** Where focus goes when it closes, when the element that opened it may have been drawn anew. */
  finalFocusEl?: () => HTMLElement | null;
}

/**
 * A question the applicant answers before something happens: a confirmation trigger's reveal, a
 * tab switch or a choice that would delete answers. Its owner's machine holds it open (`open`)
 * and hears the answer; Escape, a click outside and the corner button count as Cancel.
 */
export default function ConfirmDialog({
  open,
  title,
  text,
  onConfirm,
  onCancel,
  confirmLabel = 'Continue',
  destructive = false,
  finalFocusEl,
}: Props) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onCancel())}
      title={title}
      description={text}
      size="xs"
      role="alertdialog"
      {...(destructive ? { initialFocusEl: () => cancel.current } : {})}
      {...(finalFocusEl ? { finalFocusEl } : {})}
      footer={
        <>
          <Button ref={cancel} variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onConfirm}>{confirmLabel}</Button>
        </>
      }
    />
  );
}
