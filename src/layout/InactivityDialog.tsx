import type { ActorRefFrom } from 'xstate';
import { INACTIVITY_WARNING_TITLE, type inactivityMachine } from '../../machines/inactivityMachine';
import { connectInactivity } from '../../machines/inactivityView';
import { currentView } from '../app/viewApi';
import { ChoiceDialog } from '../ui/ChoiceDialog';

export type InactivityActor = ActorRefFrom<typeof inactivityMachine>;

/** The applicants log out; staff sign out of the console. */
const WORDS = {
  applicant: {
    leave: 'Logout',
    description:
      'You have not done anything for a while. For your security, you will be logged out in one minute unless you choose to continue.',
  },
  staff: {
    leave: 'Sign out',
    description:
      'You have not done anything for a while. For your security, you will be signed out of the console in one minute unless you choose to continue.',
  },
} as const;

export type InactivityAudience = keyof typeof WORDS;

/**
 * 'Still working?': only Continue or the way out closes it (Escape and clicks outside are no
 * answer). Once the session has ended (no inactivity actor) it closes and its buttons do nothing.
 */
export default function InactivityDialog({
  open,
  inactivity,
  audience,
}: {
  open: boolean;
  inactivity: InactivityActor | undefined;
  audience: InactivityAudience;
}) {
  const now = () => (inactivity ? currentView(inactivity, connectInactivity) : undefined);
  const words = WORDS[audience];
  return (
    <ChoiceDialog
      open={open}
      title={INACTIVITY_WARNING_TITLE}
      description={words.description}
      choices={[
        { label: words.leave, onChoose: () => now()?.logOut() },
        { label: 'Continue', primary: true, focus: true, onChoose: () => now()?.keepWorking(Date.now()) },
      ]}
    />
  );
}
