import { connectAnswers } from '../../machines/answersView';
import { connectSubmit } from '../../machines/submitView';
import { currentView, useAnswers, useOptionalSubmit, useViewValue } from '../app/actors';
import { SAVE_STATUS } from '../catalogue/answerMessages';
import { BUTTON_SIZES } from '../catalogue/limits';
import { Button } from '../ui/Button';
import { ConflictNotice } from './ConflictNotice';

/**
 * The bottom of a step: Save, and Next (with the route of the following step) or, on the last
 * step, Submit. Where Save and Next lead (sign-up for a visitor, a save for an applicant) is
 * the answers actor's decision; Submit's sequence is the submit actor's.
 */
export function StepActions({ next }: { next?: string }) {
  const answers = useAnswers();
  // The submit actor loads with the page actors; only Final Steps (which waits for them) shows Submit.
  const submit = useOptionalSubmit();
  // A save asked for by Submit or an upload is theirs to show, not Save's or Next's.
  const saving = useViewValue(answers, connectAnswers, (view) => view.savingForButtons);
  // Saved, not yet, or waiting for the network, in words.
  const saveStatus = useViewValue(answers, connectAnswers, (view) => view.saveStatus);
  const status = saveStatus ? SAVE_STATUS[saveStatus] : '';
  // Saved reads as done; anything not saved yet is a warning, in GOV.UK's warning-text style.
  const tone = status === SAVE_STATUS.saved ? 'saved' : status ? 'warning' : undefined;
  // Which button the running save belongs to: Next goes to a page, Save stays.
  const savingTo = useViewValue(answers, connectAnswers, (view) => view.saveTarget);
  const canSubmit = useViewValue(submit, connectSubmit, (view) => view.canSubmit, false);
  const submitting = useViewValue(submit, connectSubmit, (view) => view.busy, false);
  const notice = useViewValue(submit, connectSubmit, (view) => view.notice, null);
  const go = (action: 'save' | 'next') => currentView(answers, connectAnswers).saveAndGo(action === 'next' ? next : undefined);

  return (
    <>
      <ConflictNotice />
      {/* Always in the page, so that screen readers announce it the moment it fills. */}
      <p className="step-actions__notice" role="alert">
        {notice}
      </p>
      <div className="step-actions">
        <p className="step-actions__status" role="status" data-tone={tone}>
          {/* A failed save says so itself (a toast, or the conflict notice); a visitor's Save leads to sign-up instead. */}
          {status}
        </p>
        <div className="step-actions__buttons">
          <Button
            variant="secondary"
            className="step-actions__save"
            // Save stands beside Next and Submit at their height (3rem).
            style={{ minHeight: BUTTON_SIZES.next.height }}
            busy={saving && savingTo === undefined}
            onClick={() => go('save')}
          >
            Save
          </Button>
          {next ? (
            <Button size="next" busy={saving && savingTo !== undefined && savingTo === next} onClick={() => go('next')}>
              Next
            </Button>
          ) : (
            <Button
              size="submit"
              busy={submitting}
              disabled={!canSubmit && !submitting}
              onClick={() => (submit ? currentView(submit, connectSubmit).submit() : undefined)}
            >
              Submit
            </Button>
          )}
        </div>
      </div>
    </>
  );
}
