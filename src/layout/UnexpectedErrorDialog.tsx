import { useRef } from 'react';
import { GENERIC_ERROR_MESSAGE } from '../../machines/api/httpClient';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

const UNEXPECTED_ERROR_TITLE = 'Unexpected Error';

export default function UnexpectedErrorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const closeButton = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      size="xs"
      title={UNEXPECTED_ERROR_TITLE}
      description={GENERIC_ERROR_MESSAGE}
      initialFocusEl={() => closeButton.current}
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => {
              // A full reload starts from what the server holds, the safest state after an error.
              window.location.reload();
            }}
          >
            Reload the page
          </Button>
          <Button ref={closeButton} onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </>
      }
    />
  );
}
