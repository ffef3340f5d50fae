import type { Question } from '../catalogue/questions';
import { FieldsetFrame, ids } from './Field';
import { useFieldErrors, useSetChoice, useTextAnswer } from './hooks';
import { useOptions } from './SelectField';

/**
 * Native radio buttons in a fieldset: arrow keys move between the choices, Space picks one. The
 * '--' choice of every list means "no answer", which a radio group expresses by nothing checked;
 * an optional question offers "Clear answer" to get back there, as a select's "--" does.
 */
export function RadioField({ question, required }: { question: Question; required: boolean }) {
  const value = useTextAnswer(question.key);
  const errors = useFieldErrors(question.key);
  const setAnswer = useSetChoice();
  const options = useOptions(question).filter((option) => option.value !== '');
  const name = ids(question.key).input;
  const inline = options.every((option) => option.label.length <= 12);
  return (
    <FieldsetFrame questionKey={question.key} label={question.label} help={question.help} required={required} errors={errors}>
      <div className={inline ? 'q-choices q-choices--inline' : 'q-choices'}>
        {options.map((option, index) => (
          <label key={option.value} className="q-choice">
            <input
              type="radio"
              className="q-choice__input"
              // The first radio carries the question's input id, so a label-less link can focus it.
              id={index === 0 ? name : undefined}
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => setAnswer(question.key, option.value, option.label)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {!required && value !== '' && (
        <button
          type="button"
          className="q-choice-clear"
          // The visible words first (label in name), then which question.
          aria-label={`Clear answer: ${question.label}`}
          onClick={(event) => {
            // The button disappears with the answer: focus goes back to the group, not the page.
            event.currentTarget.closest('fieldset')?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
            setAnswer(question.key, '', '');
          }}
        >
          Clear answer
        </button>
      )}
    </FieldsetFrame>
  );
}
