import { useEffect, useRef } from 'react';
import type { Question } from '../catalogue/questions';
import { isIsoDate } from '../catalogue/schema/dates';
import { FieldFrame, controlProps } from './Field';
import { useFieldErrors, useSetAnswer, useTextAnswer } from './hooks';

/**
 * The date field stores a value only when it is a valid date and clears it otherwise.
 * The browser's date input reports '' for a half-typed or impossible date, and the ISO check
 * also rejects what it lets through (a six-digit year).
 *
 * The input is uncontrolled: Chromium wipes the half-typed parts of a date input whenever React
 * re-applies its value, so the answer is written into it only when it changed elsewhere.
 */
export function DateField({ question, required }: { question: Question; required: boolean }) {
  const answer = useTextAnswer(question.key);
  const errors = useFieldErrors(question.key);
  const setAnswer = useSetAnswer();
  const input = useRef<HTMLInputElement>(null);
  const value = isIsoDate(answer) ? answer : '';

  useEffect(() => {
    const element = input.current;
    if (element && element.value !== value && (value !== '' || document.activeElement !== element)) element.value = value;
  }, [value]);

  return (
    <FieldFrame questionKey={question.key} label={question.label} help={question.help} required={required} errors={errors}>
      <input
        {...controlProps(question.key, { help: question.help, errors, required })}
        ref={input}
        className="q-input q-input--date"
        type="date"
        autoComplete={question.key === 'birth_date' ? 'bday' : 'off'}
        defaultValue={value}
        onChange={(event) => {
          const next = event.target.value;
          setAnswer(question.key, isIsoDate(next) ? next : '');
        }}
      />
    </FieldFrame>
  );
}
