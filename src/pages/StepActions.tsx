import { useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { submitMachine } from '../../machines/submitMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useSystemActor } from '../app/actors';
import { useAnswersActor } from '../questions/hooks';
import { Button } from '../ui/Button';

type SubmitActor = ActorRefFrom<typeof submitMachine>;

/**
 * The bottom of a step: Save, and Next (with the route of the following step) or, on the last
 * step, Submit. Where Save and Next lead (sign-up for a visitor, a save for an applicant) is
 * the answers actor's decision; Submit's sequence is the submit actor's.
 */
export function StepActions({ next }: { next?: string }) {
  const answers = useAnswersActor();
  const submit = useSystemActor<SubmitActor>(SYSTEM_IDS.submit);
  const saving = useSelector(answers, (s) => s.hasTag('busy'));
  const saveFailed = useSelector(answers, (s) => s.hasTag('saveFailed'));
  const loggedIn = useSelector(answers, (s) => s.matches('student'));
  const canSubmit = useSelector(submit, (s) => s.can({ type: 'submit' }));
  const submitting = useSelector(submit, (s) => s.hasTag('busy'));
  const [pressed, setPressed] = useState<'save' | 'next' | null>(null);
  const [saved, setSaved] = useState(false);
  const wasSaving = useRef(false);

  useEffect(() => {
    // A finished Save says so: the answers actor reports a failure itself (a toast), not a success.
    if (wasSaving.current && !saving && pressed === 'save') setSaved(!saveFailed);
    wasSaving.current = saving;
  }, [saving, saveFailed, pressed]);

  const go = (action: 'save' | 'next') => {
    setPressed(action);
    setSaved(false);
    answers.send(action === 'next' && next ? { type: 'answers.saveAndGo', to: next } : { type: 'answers.saveAndGo' });
  };

  return (
    <div className="step-actions">
      <p className="step-actions__status" role="status">
        {saved && loggedIn ? 'Your answers are saved.' : ''}
      </p>
      <div className="step-actions__buttons">
        <Button variant="secondary" className="step-actions__save" busy={saving && pressed === 'save'} onClick={() => go('save')}>
          Save
        </Button>
        {next ? (
          <Button size="next" busy={saving && pressed === 'next'} onClick={() => go('next')}>
            Next
          </Button>
        ) : (
          <Button
            size="submit"
            busy={submitting}
            disabled={!canSubmit && !submitting}
            onClick={() => submit.send({ type: 'submit' })}
          >
            Submit
          </Button>
        )}
      </div>
    </div>
  );
}
