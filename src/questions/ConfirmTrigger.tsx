import { useActorRef } from '@xstate/react';
import { Suspense, lazy, useEffect, useRef, type ReactNode } from 'react';
import { connectAnswers } from '../../machines/answersView';
import { confirmTriggerMachine } from '../../machines/confirmTriggerMachine';
import { connectConfirmTrigger } from '../../machines/confirmTriggerView';
import { currentView, useAnswers, useView } from '../app/actors';
import { isAnswered } from '../catalogue/conditions';
import type { ConfirmTrigger as Trigger } from '../catalogue/questions';
import { Button } from '../ui/Button';
import { ids } from './Field';
import { useAnswer } from './hooks';

// Ark's dialog is loaded only when someone asks to reveal the content.
const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

interface Props {
  questionKey: string;
  trigger: Trigger;
  children: ReactNode;
}

/**
 * Content revealed only after the applicant confirms, with a button or a checkbox (the
 * question's own confirm-trigger actor). An answer already given is shown at once: the
 * confirmation was made when it was typed.
 */
export function ConfirmTrigger({ questionKey, trigger, children }: Props) {
  const answered = isAnswered(useAnswer(questionKey));
  const answers = useAnswers();
  const {
    revealed,
    asking,
    ask,
    confirm: reveal,
    cancel,
    hide: conceal,
  } = useView(useActorRef(confirmTriggerMachine), connectConfirmTrigger);
  const focusField = useRef(false);
  const shown = revealed || answered;

  useEffect(() => {
    // The trigger that had focus is gone: focus moves on to the field it revealed.
    if (shown && focusField.current) {
      focusField.current = false;
      document.getElementById(ids(questionKey).input)?.focus();
    }
  }, [shown, questionKey]);

  const confirm = () => {
    focusField.current = true;
    reveal();
  };
  const hide = () => {
    conceal();
    currentView(answers, connectAnswers).clear([questionKey]);
  };
  const checkboxId = `${ids(questionKey).input}-confirm`;

  return (
    <div className="q-confirm" id={shown ? undefined : questionKey}>
      {trigger.type === 'checkbox' ? (
        <div className="q-check__row q-confirm__trigger">
          <input
            id={checkboxId}
            type="checkbox"
            className="q-check__input"
            checked={shown}
            onChange={(event) => (event.target.checked ? ask() : hide())}
          />
          <label className="q-check__label" htmlFor={checkboxId}>
            {trigger.label}
          </label>
        </div>
      ) : shown ? null : (
        <Button variant="secondary" className="q-confirm__trigger" aria-haspopup="dialog" onClick={ask}>
          {trigger.label}
        </Button>
      )}
      {shown ? children : null}
      {asking ? (
        <Suspense fallback={null}>
          <ConfirmDialog open title={trigger.confirmTitle} text={trigger.confirmText} onConfirm={confirm} onCancel={cancel} />
        </Suspense>
      ) : null}
    </div>
  );
}
