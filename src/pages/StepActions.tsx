import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { submitMachine } from '../../machines/submitMachine';
import { submitView } from '../../machines/submitView';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useOptionalSystemActor } from '../app/actors';
import { useAnswersActor } from '../questions/hooks';
import { SAVE_STATUS } from '../catalogue/answerMessages';
import { BUTTON_SIZES } from '../catalogue/limits';
import { Button } from '../ui/Button';
import { ConflictNotice } from './ConflictNotice';

type SubmitActor = ActorRefFrom<typeof submitMachine>;

/** The answers actor's state in words (issue 12): saved, not yet, or waiting for the network. */
function saveStatus(snapshot: { hasTag(tag: string): boolean }): string {
  if (snapshot.hasTag('saved')) return SAVE_STATUS.saved;
  if (snapshot.hasTag('offline')) return SAVE_STATUS.offline;
  if (snapshot.hasTag('retrying')) return SAVE_STATUS.retrying;
  if (snapshot.hasTag('unsaved')) return SAVE_STATUS.unsaved;
  return '';
}

/**
 * The bottom of a step: Save, and Next (with the route of the following step) or, on the last
 * step, Submit. Where Save and Next lead (sign-up for a visitor, a save for an applicant) is
 * the answers actor's decision; Submit's sequence is the submit actor's.
 */
export function StepActions({ next }: { next?: string }) {
  const answers = useAnswersActor();
  // The submit actor loads with the page actors; only Final Steps (which waits for them) shows Submit.
  const submit = useOptionalSystemActor<SubmitActor>(SYSTEM_IDS.submit);
  // A save asked for by Submit or an upload is theirs to show, not Save's or Next's.
  const saving = useSelector(answers, (s) => s.hasTag('busy') && s.context.requesters.length === 0);
  const status = useSelector(answers, saveStatus);
  // Saved reads as done; anything not saved yet is a warning, in GOV.UK's warning-text style.
  const tone = status === SAVE_STATUS.saved ? 'saved' : status ? 'warning' : undefined;
  // Which button the running save belongs to: Next goes to a page, Save stays.
  const savingTo = useSelector(answers, (s) => s.context.saveTarget);
  const canSubmit = useSelector(submit, submitView.canSubmit);
  const submitting = useSelector(submit, submitView.busy);
  const notice = useSelector(submit, submitView.notice);
  const go = (action: 'save' | 'next') =>
    answers.send(action === 'next' && next ? { type: 'answers.saveAndGo', to: next } : { type: 'answers.saveAndGo' });

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
            // Save stands beside Next and Submit at their height (section 9's button sizes).
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
            <Button size="submit" busy={submitting} disabled={!canSubmit && !submitting} onClick={() => submit?.send({ type: 'submit' })}>
              Submit
            </Button>
          )}
        </div>
      </div>
    </>
  );
}
