import { INACTIVITY_WARNING_TITLE } from '../../machines/inactivityMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useSystemActor } from '../app/actors';
import { ChoiceDialog } from '../ui/ChoiceDialog';
import type { InactivityActor } from './InactivityWatch';

/** Section 2 "Inactivity modal": only Continue or Logout closes it (Escape and clicks outside are no answer). */
export default function InactivityDialog({ open }: { open: boolean }) {
  const inactivity = useSystemActor<InactivityActor>(SYSTEM_IDS.inactivity);
  return (
    <ChoiceDialog
      open={open}
      title={INACTIVITY_WARNING_TITLE}
      description="You have not done anything for a while. For your security, you will be logged out in one minute unless you choose to continue."
      choices={[
        { label: 'Logout', onChoose: () => inactivity.send({ type: 'logout' }) },
        { label: 'Continue', primary: true, focus: true, onChoose: () => inactivity.send({ type: 'continue', at: Date.now() }) },
      ]}
    />
  );
}
