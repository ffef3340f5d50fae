import { connectAnswers } from '../../machines/answersView';
import { connectSession } from '../../machines/sessionView';
import { useOptionalAnswers, useSession, useView, useViewValue } from '../app/actors';
import { answersCount, answerLabel, quotedList } from '../catalogue/answerMessages';
import { ChoiceDialog } from '../ui/ChoiceDialog';

/* Only this dialog says these (it loads when it is needed, not with every page). */
/** Log Out while answers are not saved yet: the session actor asks what becomes of them. */
export const LOGOUT_UNSAVED_MESSAGES = {
  title: 'Save your answers before logging out?',
  /** `labels`: the unsaved answers by label. */
  text: (labels: readonly string[]) => {
    // Saved meanwhile (a retry went through): either button just logs out.
    if (labels.length === 0) return 'All your answers are saved now. Either button logs you out; “Cancel” keeps you logged in.';
    const [it, is] = labels.length === 1 ? ['it', 'is'] : ['them', 'are'];
    return `${answersCount(labels.length)} ${is} not saved yet: ${quotedList(labels)}. “Save and log out” saves ${it} in your account. “Discard and log out” deletes ${it} from this page and this device; your account keeps what it saved before. “Cancel” keeps you logged in.`;
  },
  save: 'Save and log out',
  discard: 'Discard and log out',
  cancel: 'Cancel',
  /** The save failed: nothing was logged out and nothing was deleted. */
  failed: (count: number) =>
    count === 1
      ? 'It could not be saved: the connection failed or the server did not answer. You are still logged in and it is kept on this device. Try again, or discard it and log out.'
      : 'They could not be saved: the connection failed or the server did not answer. You are still logged in and they are kept on this device. Try again, or discard them and log out.',
  conflict: (message: string) => `Nothing was saved. ${message}`,
} as const;

const WORDS = LOGOUT_UNSAVED_MESSAGES;

const sameList = (a: readonly string[], b: readonly string[]) => a.join('\n') === b.join('\n');

/**
 * Log Out while answers are not saved yet: save them and log out, discard them and log
 * out, or stay. The session actor holds it open (tag `confirmingLogout`) and hears the choice;
 * Escape, a click outside and the corner button are Cancel, the answer it opens on.
 */
export default function LogoutDialog({ open }: { open: boolean }) {
  const {
    savingBeforeLogout: saving,
    logoutFailure: failure,
    cancelLogout: cancel,
    discardAndLogOut,
    saveAndLogOut,
  } = useView(useSession(), connectSession);
  // The dialog stays mounted after a logout, when the session's answers actor is gone.
  const labels = useViewValue(useOptionalAnswers(), connectAnswers, (view) => view.unsavedKeys.map(answerLabel), [], sameList);
  return (
    <ChoiceDialog
      open={open}
      size="s"
      title={WORDS.title}
      description={WORDS.text(labels)}
      onDismiss={cancel}
      // The Log Out button went with the Account popover: focus goes back to the Account button.
      finalFocusEl={() => document.querySelector<HTMLElement>('.account-button')}
      choices={[
        { label: WORDS.cancel, focus: true, onChoose: cancel },
        { label: WORDS.discard, onChoose: discardAndLogOut },
        { label: WORDS.save, primary: true, busy: saving, onChoose: saveAndLogOut },
      ]}
    >
      {failure ? (
        <p role="alert" className="ui-dialog__alert">
          {failure.reason === 'conflict' ? WORDS.conflict(failure.message) : WORDS.failed(labels.length)}
        </p>
      ) : null}
    </ChoiceDialog>
  );
}
