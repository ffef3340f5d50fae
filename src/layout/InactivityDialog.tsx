import { useRef } from 'react';
import { INACTIVITY_WARNING_TITLE } from '../../machines/inactivityMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useSystemActor } from '../app/actors';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import type { InactivityActor } from './InactivityWatch';

/** Section 2 "Inactivity modal": only Continue or Logout closes it. */
export default function InactivityDialog({ open }: { open: boolean }) {
  const inactivity = useSystemActor<InactivityActor>(SYSTEM_IDS.inactivity);
  const continueButton = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      // Not dismissible: Escape and clicks outside do not count as an answer.
      onOpenChange={() => undefined}
      dismissible={false}
      role="alertdialog"
      size="xs"
      title={INACTIVITY_WARNING_TITLE}
      description="You have not done anything for a while. For your security, you will be logged out in one minute unless you choose to continue."
      initialFocusEl={() => continueButton.current}
      footer={
        <>
          <Button variant="secondary" onClick={() => inactivity.send({ type: 'logout' })}>
            Logout
          </Button>
          <Button ref={continueButton} onClick={() => inactivity.send({ type: 'continue', at: Date.now() })}>
            Continue
          </Button>
        </>
      }
    />
  );
}
