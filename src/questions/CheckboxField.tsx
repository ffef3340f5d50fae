import type { Question } from '../catalogue/questions';
import { ErrorText, HelpText, RequiredMark, controlProps, fieldClass, ids } from './Field';
import { useAnswer, useFieldErrors, useSetChoice } from './hooks';

/** A yes/no answer stored as a boolean ('' also means unchecked). */
interface Props {
  question: Question;
  required: boolean;
  /** The help is shown above a whole run of checkboxes by the block; the box still refers to it. */
  helpShownAbove?: boolean;
}

export function CheckboxField({ question, required, helpShownAbove = false }: Props) {
  const checked = useAnswer(question.key) === true;
  const errors = useFieldErrors(question.key);
  const setAnswer = useSetChoice();
  const id = ids(question.key);
  const long = question.label.length > 80;
  return (
    <div id={question.key} className={`${fieldClass(errors, long)} q-check`}>
      {helpShownAbove ? null : <HelpText id={id.help} help={question.help} />}
      <div className="q-check__row">
        <input
          {...controlProps(question.key, { help: question.help, errors, required })}
          type="checkbox"
          className="q-check__input"
          checked={checked}
          onChange={(event) => setAnswer(question.key, event.target.checked)}
        />
        <label className="q-check__label" htmlFor={id.input}>
          {question.label}
          <RequiredMark required={required} />
        </label>
      </div>
      <ErrorText id={id.error} messages={errors} />
    </div>
  );
}
