import { INACTIVITY_WARNING_TITLE } from '../../machines/inactivityMachine';
import { connectInactivity } from '../../machines/inactivityView';
import { currentView, useInactivity } from '../app/actors';
import { ChoiceDialog } from '../ui/ChoiceDialog';

/**
 * 'Still working?': only Continue or Logout closes it (Escape and clicks outside are no answer).
 * Once the session has ended (no inactivity actor) it closes and its buttons do nothing.
 */
export default function InactivityDialog({ open }: { open: boolean }) {
  const inactivity = useInactivity();
  const now = () => (inactivity ? currentView(inactivity, connectInactivity) : undefined);
  return (
    <ChoiceDialog
      open={open}
      title={INACTIVITY_WARNING_TITLE}
      description="You have not done anything for a while. For your security, you will be logged out in one minute unless you choose to continue."
      choices={[
        { label: 'Logout', onChoose: () => now()?.logOut() },
        { label: 'Continue', primary: true, focus: true, onChoose: () => now()?.keepWorking(Date.now()) },
      ]}
    />
  );
}
