import { Suspense, lazy, memo } from 'react';
import type { Question } from '../catalogue/questions';
import { Spinner } from '../ui/Spinner';
import { CheckboxField } from './CheckboxField';
import { ConfirmTrigger } from './ConfirmTrigger';
import { DateField } from './DateField';
import { RadioField } from './RadioField';
import { SelectField } from './SelectField';
import { TextAreaField } from './TextAreaField';
import { TextField } from './TextField';

// Ark UI's combobox and the upload machinery load only with the screens that ask for them.
const SchoolSearch = lazy(() => import('./SchoolSearch'));
const DocumentField = lazy(() => import('./DocumentField'));

interface Props {
  question: Question;
  required: boolean;
  /** A checkbox whose help its block shows above a run of checkboxes. */
  helpShownAbove?: boolean;
}

function Loading({ question }: { question: Question }) {
  return (
    <div id={question.key} className="q-field q-field--wide">
      <p className="q-label">{question.label}</p>
      <Spinner size="small" />
    </div>
  );
}

function Input({ question, required, helpShownAbove }: Props) {
  switch (question.kind) {
    case 'text':
    case 'email':
    case 'phone':
    case 'ssn':
      return <TextField question={question} required={required} />;
    case 'textarea':
      return <TextAreaField question={question} required={required} />;
    case 'date':
      return <DateField question={question} required={required} />;
    case 'select':
      return <SelectField question={question} required={required} />;
    case 'radio':
      return <RadioField question={question} required={required} />;
    case 'checkbox':
      return <CheckboxField question={question} required={required} helpShownAbove={helpShownAbove} />;
    case 'schoolSearch':
      return (
        <Suspense fallback={<Loading question={question} />}>
          <SchoolSearch question={question} required={required} />
        </Suspense>
      );
    case 'document':
      return (
        <Suspense fallback={<Loading question={question} />}>
          <DocumentField question={question} />
        </Suspense>
      );
  }
}

/**
 * One question of the catalogue, by kind. Memoised on its props: a field re-renders when its own
 * answer, errors or options change, not on every keystroke elsewhere in the form.
 */
export const QuestionField = memo(function QuestionField({ question, required, helpShownAbove }: Props) {
  const input = <Input question={question} required={required} helpShownAbove={helpShownAbove} />;
  if (!question.confirmTrigger) return input;
  return (
    <ConfirmTrigger questionKey={question.key} trigger={question.confirmTrigger}>
      {input}
    </ConfirmTrigger>
  );
});
