import type { ClipboardEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { pasteLimitMachine, pastedOver } from '../../machines/pasteLimitMachine';
import { PASTE_MESSAGES } from '../catalogue/answerMessages';
import { TEXTAREA_MAX_LENGTH, TEXTAREA_ROWS } from '../catalogue/limits';
import { maxLengthFor, type Question } from '../catalogue/questions';
import { CharacterCount, countHintId } from '../ui/CharacterCount';
import { FieldFrame, controlProps, ids } from './Field';
import { useCollege } from '../app/useApp';
import { useFieldErrors, useSetAnswer, useTextAnswer } from './hooks';

/**
 * Every keystroke goes to the answers actor, as in a single-line field: what is typed is "Not saved
 * yet" at once, kept in this device's draft and guarded by the leave warning, so an essay typed
 * without leaving the box survives a reload or a closed tab (the rule that a text area commits its
 * value when focus leaves it says when the answer counts as given; nothing typed waits for it). Nothing is cut:
 * the count says how many characters are left or too many, and a paste over the limit goes in whole
 * with how much to shorten it by (its own paste actor).
 */
export function TextAreaField({ question, required }: { question: Question; required: boolean }) {
  const answer = useTextAnswer(question.key);
  const errors = useFieldErrors(question.key);
  const setAnswer = useSetAnswer();
  const essayLimit = useCollege()?.essayLimit;
  const paste = useActorRef(pasteLimitMachine);
  const pasted = useSelector(paste, (s) => {
    const { over, limit: pasteLimit } = pastedOver(s);
    return over > 0 ? PASTE_MESSAGES.tooLong(over, pasteLimit) : '';
  });
  const limit = maxLengthFor(question, { essayLimit: essayLimit ?? TEXTAREA_MAX_LENGTH }) ?? TEXTAREA_MAX_LENGTH;
  const text = answer;
  const pasteId = `${ids(question.key).input}-paste`;
  const props = controlProps(question.key, { help: question.help, errors, required });

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const area = event.currentTarget;
    paste.send({
      type: 'paste.try',
      textLength: area.value.length,
      selectedLength: area.selectionEnd - area.selectionStart,
      pastedLength: event.clipboardData.getData('text/plain').length,
      limit,
    });
  };

  return (
    <FieldFrame questionKey={question.key} label={question.label} help={question.help} required={required} errors={errors} wide>
      <textarea
        {...props}
        aria-describedby={[props['aria-describedby'], countHintId(props.id), pasteId].filter(Boolean).join(' ')}
        className="q-input q-textarea"
        rows={question.rows ?? TEXTAREA_ROWS}
        value={text}
        onPaste={onPaste}
        onChange={(event) => {
          setAnswer(question.key, event.target.value);
          paste.send({ type: 'text.edited' });
        }}
      />
      <CharacterCount inputId={props.id} length={text.length} limit={limit} total />
      {/* Always in the page, so that what to cut is announced the moment it appears. */}
      <p id={pasteId} className="q-paste-over" role="alert">
        {pasted}
      </p>
    </FieldFrame>
  );
}
