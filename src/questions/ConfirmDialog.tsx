import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

interface Props {
  open: boolean;
  title: string;
  text: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The question a confirmation trigger asks before it reveals its content (loaded on first use). */
export default function ConfirmDialog({ open, title, text, onConfirm, onCancel }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onCancel())}
      title={title}
      description={text}
      size="xs"
      role="alertdialog"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onConfirm}>Continue</Button>
        </>
      }
    />
  );
}
