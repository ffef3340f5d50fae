import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { isAnswered } from '../catalogue/conditions';
import type { Answers } from '../catalogue/dataModel';
import { slotTitle, type Question, type SectionId } from '../catalogue/questions';
import type { tabsMachine } from '../../machines/tabsMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useSystemActor } from '../app/actors';
import { useSlotCount } from './AddAnotherBlock';
import { blockKeys, sectionBlocks, slotQuestions, type Block } from './layout';
import { StaticAnswer } from './StaticAnswer';
import './static.css';

type TabsActor = ActorRefFrom<typeof tabsMachine>;

export interface StaticOptions {
  isVisible: (key: string) => boolean;
  /** Questions left out entirely (the staff view leaves out the school's address). */
  hidden?: ReadonlySet<string>;
  /** Leave out questions without an answer (the staff view: a page of "—" and "✗" hides what was answered). */
  answeredOnly?: boolean;
}

function List({ questions }: { questions: readonly Question[] }) {
  return (
    <dl className="q-static-list">
      {questions.map((q) => (
        <StaticAnswer key={q.key} question={q} />
      ))}
    </dl>
  );
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
  const slots = Array.from({ length: count }, (_, slot) => slotQuestions(block.questions, slot).filter(shown));
  return (
    <>
      {slots.map((fields, slot) =>
        fields.length === 0 || (slot > 0 && !fields.some((q) => isAnswered(answers[q.key]))) ? null : (
          <div key={slot} className="q-static-slot">
            <h3 className="q-static-slot__title">{slotTitle(block.group, slot)}</h3>
            <List questions={fields} />
          </div>
        ),
      )}
    </>
  );
}

/** Only the chosen tab's answers: the others were cleared when it was chosen. */
function StaticTabs({ block, shown }: { block: Extract<Block, { type: 'tabs' }>; shown: (q: Question) => boolean }) {
  const actor = useSystemActor<TabsActor>(SYSTEM_IDS.tabs);
  const chosen = useSelector(actor, (s) => s.context.chosen[block.tabGroup.tabId] ?? block.tabGroup.defaultTab);
  const keys = block.tabGroup.tabs.find((tab) => tab.id === chosen)?.keys ?? [];
  return <List questions={block.questions.filter((q) => keys.includes(q.key) && shown(q))} />;
}

function flatQuestions(block: Block): Question[] {
  if (block.type === 'question') return [block.question];
  if (block.type === 'monthYear') return [block.month, block.year];
  if (block.type === 'checks') return [...block.questions];
  return [];
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
  const runs: (Question[] | Block)[] = [];
  for (const block of blocks) {
    const flat = flatQuestions(block).filter(shown);
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
            <List key={index} questions={run} />
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
