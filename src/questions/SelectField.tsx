import { useMemo } from 'react';
import { optionLabel } from '../catalogue/options';
import { optionsFor, type Question } from '../catalogue/questions';
import { FieldFrame, controlProps } from './Field';
import { useAnswer, useCollegeLists, useFieldErrors, useSetChoice, useTextAnswer } from './hooks';

/** The options of a question; a displayAndOptions select follows its controlling answer. */
export function useOptions(question: Question) {
  const controllingKey = question.conditionalSelect?.mode === 'displayAndOptions' ? question.conditionalSelect.controllingKey : '';
  const controlling = useAnswer(controllingKey);
  const lists = useCollegeLists();
  return useMemo(
    () => optionsFor(question, controllingKey ? { [controllingKey]: controlling ?? '' } : {}, lists),
    [question, controllingKey, controlling, lists],
  );
}

interface ControlProps {
  question: Question;
  required: boolean;
  errors: readonly string[];
  /** The element holding the errors, when they are shared with a sibling select (month + year). */
  errorId?: string;
}

/** A native select: light, and keyboard- and screen-reader-friendly on every phone. */
export function SelectControl({ question, required, errors, errorId }: ControlProps) {
  const value = useTextAnswer(question.key);
  const setAnswer = useSetChoice();
  const options = useOptions(question);
  return (
    <select
      {...controlProps(question.key, { help: question.help, errors, required, errorId })}
      className="q-input q-select"
      value={value}
      // The chosen label goes along as the answer's _desc companion.
      onChange={(event) => setAnswer(question.key, event.target.value, optionLabel(options, event.target.value))}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

export function SelectField({ question, required }: { question: Question; required: boolean }) {
  const errors = useFieldErrors(question.key);
  return (
    <FieldFrame questionKey={question.key} label={question.label} help={question.help} required={required} errors={errors}>
      <SelectControl question={question} required={required} errors={errors} />
    </FieldFrame>
  );
}
