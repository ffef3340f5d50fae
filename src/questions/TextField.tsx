import type { ChangeEvent } from 'react';
import { DEFAULT_MAX_LENGTH } from '../catalogue/limits';
import { maxLengthFor, type Question } from '../catalogue/questions';
import { CharacterCount, countHintId } from '../ui/CharacterCount';
import { FieldFrame, controlProps, ids } from './Field';
import { formatPhone, formatSsn } from './formatters';
import { useCollege } from '../app/useApp';
import { useFieldErrors, useSetAnswer, useTextAnswer } from './hooks';

/** What each single-line kind looks like to the browser (keyboard, autofill) and how it is masked. */
const KIND = {
  text: { type: 'text', inputMode: undefined, format: undefined },
  email: { type: 'email', inputMode: 'email', format: undefined },
  phone: { type: 'tel', inputMode: 'tel', format: formatPhone },
  ssn: { type: 'text', inputMode: 'numeric', format: formatSsn },
} as const;

/** Autofill hints for the applicant's own details; other people's names must not be filled in. */
const AUTOCOMPLETE: Readonly<Record<string, string>> = {
  first_name: 'given-name',
  middle_name: 'additional-name',
  last_name: 'family-name',
  email_address: 'email',
  phone_home: 'tel-national',
  phone_mobile: 'tel-national',
  address_line_1: 'address-line1',
  address_line_2: 'address-line2',
  city: 'address-level2',
  zip: 'postal-code',
  ssn: 'off',
};

/** Scores, GPA and codes get a narrow box: its width hints at the answer expected. Longer limits get a live count. */
const SHORT = 12;

export function TextField({ question, required }: { question: Question; required: boolean }) {
  const value = useTextAnswer(question.key);
  const errors = useFieldErrors(question.key);
  const setAnswer = useSetAnswer();
  const essayLimit = useCollege()?.essayLimit;
  const kind = KIND[question.kind as keyof typeof KIND] ?? KIND.text;
  const maxLength = maxLengthFor(question, { essayLimit: essayLimit ?? DEFAULT_MAX_LENGTH }) ?? DEFAULT_MAX_LENGTH;
  // Nothing typed or pasted is cut: over the limit, the count says how many characters are too many.
  const counted = maxLength > SHORT;
  const props = controlProps(question.key, { help: question.help, errors, required });
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    setAnswer(question.key, kind.format ? kind.format(raw) : raw);
  };
  return (
    <FieldFrame questionKey={question.key} label={question.label} help={question.help} required={required} errors={errors}>
      <input
        {...props}
        aria-describedby={
          [props['aria-describedby'], counted ? countHintId(ids(question.key).input) : ''].filter(Boolean).join(' ') || undefined
        }
        className={maxLength <= SHORT ? 'q-input q-input--short' : 'q-input'}
        type={kind.type}
        inputMode={kind.inputMode}
        autoComplete={AUTOCOMPLETE[question.key] ?? 'off'}
        spellCheck={question.kind === 'text' ? undefined : false}
        value={value}
        onChange={onChange}
      />
      {counted ? <CharacterCount inputId={ids(question.key).input} length={value.length} limit={maxLength} /> : null}
    </FieldFrame>
  );
}
