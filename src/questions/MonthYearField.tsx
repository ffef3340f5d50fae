import type { Question } from '../catalogue/questions';
import { ErrorText, HelpText, RequiredMark, fieldClass, ids } from './Field';
import { useMonthYearErrors } from './hooks';
import { SelectControl } from './SelectField';

interface Props {
  month: Question;
  year: Question;
  required: { month: boolean; year: boolean };
}

/**
 * A month select and a year select shown as one field: their errors are combined and
 * shown once under both. Each half keeps its answer key as id, so either can be linked to.
 */
export function MonthYearField({ month, year, required }: Props) {
  const errors = useMonthYearErrors(month.key, year.key);
  const errorId = `${month.key}-pair-error`;
  return (
    <div id={month.key} className={`${fieldClass(errors, true)} q-pair`}>
      <HelpText id={ids(month.key).help} help={month.help} />
      <div className="q-pair__row">
        {[month, year].map((question, index) => (
          <div key={question.key} id={index === 0 ? undefined : question.key} className="q-pair__part">
            <label className="q-label" htmlFor={ids(question.key).input}>
              {question.label}
              <RequiredMark required={index === 0 ? required.month : required.year} />
            </label>
            <SelectControl question={question} required={index === 0 ? required.month : required.year} errors={errors} errorId={errorId} />
          </div>
        ))}
      </div>
      <ErrorText id={errorId} messages={errors} />
    </div>
  );
}
