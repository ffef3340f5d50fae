import { Suspense, lazy } from 'react';
import { Spinner } from '../ui/Spinner';
import { AddAnotherBlock } from './AddAnotherBlock';
import type { Question } from '../catalogue/questions';
import { HelpText, ids } from './Field';
import type { Block } from './layout';
import { MonthYearField } from './MonthYearField';
import { QuestionField } from './QuestionField';

// Ark UI's tabs load only with the screens that have a tab group.
const TabsBlock = lazy(() => import('./TabsBlock'));

export interface BlockProps {
  block: Block;
  isVisible: (key: string) => boolean;
  required: ReadonlySet<string>;
}

/**
 * A run of checkboxes. The first box's help speaks for the run ("Choose every race that applies
 * to you."), so it is shown above them all; that box's description still points at it. A run that
 * answers one question is a fieldset named by it, so a screen reader hears the question on entry.
 */
function ChecksBlock({ questions, required }: { questions: readonly Question[]; required: ReadonlySet<string> }) {
  const first = questions[0];
  const content = (
    <>
      {first ? <HelpText id={ids(first.key).help} help={first.help} /> : null}
      <div className="q-checks">
        {questions.map((q, index) => (
          <QuestionField key={q.key} question={q} required={required.has(q.key)} helpShownAbove={index === 0} />
        ))}
      </div>
    </>
  );
  if (!first?.groupLabel) return <div className="q-checks-block">{content}</div>;
  return (
    <fieldset className="q-checks-block q-checks-block--named">
      <legend className="q-label">{first.groupLabel}</legend>
      {content}
    </fieldset>
  );
}

/** One block of a section or of an add-another slot. */
export function BlockView({ block, isVisible, required }: BlockProps) {
  switch (block.type) {
    case 'question':
      return <QuestionField question={block.question} required={required.has(block.question.key)} />;
    case 'checks':
      return <ChecksBlock questions={block.questions.filter((q) => isVisible(q.key))} required={required} />;
    case 'monthYear':
      return (
        <MonthYearField
          month={block.month}
          year={block.year}
          required={{ month: required.has(block.month.key), year: required.has(block.year.key) }}
        />
      );
    case 'group':
      return (
        <AddAnotherBlock
          group={block.group}
          questions={block.questions}
          isVisible={isVisible}
          renderBlock={(inner) => <BlockView key={inner.key} block={inner.block} isVisible={isVisible} required={required} />}
        />
      );
    case 'tabs':
      return (
        <Suspense fallback={<Spinner size="small" />}>
          <TabsBlock tabGroup={block.tabGroup} questions={block.questions.filter((q) => isVisible(q.key))} required={required} />
        </Suspense>
      );
  }
}
