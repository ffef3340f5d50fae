import { useState } from 'react';
import { TEXTAREA_MAX_LENGTH, TEXTAREA_ROWS } from '../catalogue/limits';
import { maxLengthFor, type Question } from '../catalogue/questions';
import { FieldFrame, controlProps, ids } from './Field';
import { useCollege } from '../app/useApp';
import { useFieldErrors, useSetAnswer, useTextAnswer } from './hooks';

/**
 * Section 4: a text area commits its value when focus leaves it. Until then the text lives in a
 * local draft, so a long essay does not re-validate and re-save on every keystroke.
 */
export function TextAreaField({ question, required }: { question: Question; required: boolean }) {
  const answer = useTextAnswer(question.key);
  const errors = useFieldErrors(question.key);
  const setAnswer = useSetAnswer();
  const essayLimit = useCollege()?.essayLimit;
  const [draft, setDraft] = useState<string | null>(null);
  const limit = maxLengthFor(question, { essayLimit: essayLimit ?? TEXTAREA_MAX_LENGTH }) ?? TEXTAREA_MAX_LENGTH;
  const text = draft ?? answer;
  const countId = `${ids(question.key).input}-count`;
  const props = controlProps(question.key, { help: question.help, errors, required });
  return (
    <FieldFrame questionKey={question.key} label={question.label} help={question.help} required={required} errors={errors} wide>
      <textarea
        {...props}
        aria-describedby={[props['aria-describedby'], countId].filter(Boolean).join(' ')}
        className="q-input q-textarea"
        rows={question.rows ?? TEXTAREA_ROWS}
        maxLength={limit}
        value={text}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => {
          if (draft !== null && draft !== answer) setAnswer(question.key, draft);
          setDraft(null);
        }}
      />
      <p id={countId} className="q-count">
        Character count: {text.length} / {limit}
      </p>
    </FieldFrame>
  );
}
