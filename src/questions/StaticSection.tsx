import { isAnswered } from '../catalogue/conditions';
import type { Answers } from '../catalogue/dataModel';
import { slotTitle, type Question, type SectionId } from '../catalogue/questions';
import { connectTabs } from '../../machines/tabsView';
import { useTabs, useViewValue } from '../app/actors';
import { useSlotCount } from './AddAnotherBlock';
import { blockKeys, sectionBlocks, slotBlocks, slotQuestions, type Block } from './layout';
import { StaticAnswer, StaticChecks } from './StaticAnswer';
import './static.css';

export interface StaticOptions {
  isVisible: (key: string) => boolean;
  /** Questions left out entirely (the staff view leaves out the school's address). */
  hidden?: ReadonlySet<string>;
  /** Leave out questions without an answer (the staff view: a page of "—" and "✗" hides what was answered). */
  answeredOnly?: boolean;
}

/** One line of a list: a question, or a run of checkboxes answering one question. */
type Entry = Question | { readonly label: string; readonly questions: readonly Question[] };

function List({ entries }: { entries: readonly Entry[] }) {
  return (
    <dl className="q-static-list">
      {entries.map((entry) =>
        'key' in entry ? (
          <StaticAnswer key={entry.key} question={entry} />
        ) : (
          <StaticChecks key={entry.questions[0]?.key} label={entry.label} questions={entry.questions} />
        ),
      )}
    </dl>
  );
}

function entriesOf(block: Block, shown: (q: Question) => boolean): Entry[] {
  if (block.type === 'question') return [block.question].filter(shown);
  if (block.type === 'monthYear') return [block.month, block.year].filter(shown);
  if (block.type === 'checks') {
    const questions = block.questions.filter(shown);
    const label = block.questions[0]?.groupLabel;
    // A run with its own question prints under it; loose checkboxes each stand for themselves.
    return label === undefined ? questions : questions.length > 0 ? [{ label, questions }] : [];
  }
  return [];
}

/** Slots up to the count; beyond the first, only slots that hold an answer are worth printing. */
function StaticGroup({
  block,
  answers,
  shown,
}: {
  block: Extract<Block, { type: 'group' }>;
  answers: Answers;
  shown: (q: Question) => boolean;
}) {
  const count = useSlotCount(block.group.buttonId);
  const slots = Array.from({ length: count }, (_, slot) => ({
    fields: slotQuestions(block.questions, slot).filter(shown),
    entries: slotBlocks(block.questions, slot).flatMap((inner) => entriesOf(inner, shown)),
  }));
  return (
    <>
      {slots.map(({ fields, entries }, slot) =>
        fields.length === 0 || (slot > 0 && !fields.some((q) => isAnswered(answers[q.key]))) ? null : (
          <div key={slot} className="q-static-slot">
            <h3 className="q-static-slot__title">{slotTitle(block.group, slot)}</h3>
            <List entries={entries} />
          </div>
        ),
      )}
    </>
  );
}

/** Only the chosen tab's answers: the others were cleared when it was chosen. */
function StaticTabs({ block, shown }: { block: Extract<Block, { type: 'tabs' }>; shown: (q: Question) => boolean }) {
  const chosen = useViewValue(useTabs(), connectTabs, (view) => view.chosen(block.tabGroup.tabId, block.tabGroup.defaultTab));
  const keys = block.tabGroup.tabs.find((tab) => tab.id === chosen)?.keys ?? [];
  return <List entries={block.questions.filter((q) => keys.includes(q.key) && shown(q))} />;
}

/**
 * A section as static text: headings, terms and answers, check marks for yes/no boxes. No
 * input, button or link, so it prints as it reads.
 */
export function StaticSection({
  section,
  answers,
  options,
}: {
  section: { id: SectionId; title: string };
  answers: Answers;
  options: StaticOptions;
}) {
  const shown = (q: Question) =>
    options.isVisible(q.key) && !options.hidden?.has(q.key) && (!options.answeredOnly || isAnswered(answers[q.key]));
  const blocks = sectionBlocks(section.id).filter((block) => blockKeys(block).some((key) => options.isVisible(key)));
  if (blocks.length === 0) return null;
  // Consecutive single questions share one list, so the page reads as one table of answers.
  const runs: (Entry[] | Block)[] = [];
  for (const block of blocks) {
    const flat = entriesOf(block, shown);
    const last = runs[runs.length - 1];
    if (block.type === 'group' || block.type === 'tabs') runs.push(block);
    else if (Array.isArray(last)) last.push(...flat);
    else runs.push(flat);
  }
  const headingId = `section-${section.id}`;
  return (
    <section className="q-static-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="q-static-section__title">
        {section.title}
      </h2>
      {runs.map((run, index) =>
        Array.isArray(run) ? (
          run.length > 0 ? (
            <List key={index} entries={run} />
          ) : null
        ) : run.type === 'group' ? (
          <StaticGroup key={run.group.buttonId} block={run} answers={answers} shown={shown} />
        ) : run.type === 'tabs' ? (
          <StaticTabs key={run.tabGroup.tabId} block={run} shown={shown} />
        ) : null,
      )}
    </section>
  );
}
