import { formatSubmittedAt } from '../../src/catalogue/submission';
import { isAnswered, visibility } from '../../src/catalogue/conditions';
import type { Answers } from '../../src/catalogue/dataModel';
import { CONDITION_CATALOGUE, PAGES, SECTIONS, slotTitle, type Question } from '../../src/catalogue/questions';
import { maskSensitive } from '../../src/catalogue/sensitiveMask';
import type { CollegeConfig } from '../../src/college/schema';
import { choiceLabel, formatDate, showBidiControls } from '../../src/questions/formatters';
import { sectionBlocks, slotBlocks, type Block } from '../../src/questions/layout';

/**
 * What the PDF copy shows, as plain blocks: every answered question the applicant can see, by page
 * and section in the order of the form, as the staff view shows it (sections without answers are
 * left out; choices print their label, checkboxes a mark, documents a note). Kept apart from the
 * drawing so the rules can be read and tested without a PDF.
 */
export type CopyBlock =
  | { kind: 'page'; title: string }
  | { kind: 'section'; title: string }
  | { kind: 'group'; title: string }
  | { kind: 'answer'; label: string; value: string }
  | { kind: 'text'; label: string; value: string }
  | { kind: 'check'; label: string }
  /** A run of checkboxes answering one question: the question, then the options ticked. */
  | { kind: 'checks'; label: string; ticked: string[] }
  | { kind: 'document'; label: string; fileName: string };

export interface CopyAnswers {
  answers: Answers;
  addAnother: Readonly<Record<string, number>>;
  /** File names of the documents whose conversions are appended, by answer key. */
  documents: Readonly<Record<string, string>>;
}

/** What the applicant gave, as staff read it (src/questions/formatters.ts, shared with the staff view). */
function valueText(question: Question, answers: Answers, college: CollegeConfig, now: Date): string {
  const value = answers[question.key];
  const text = typeof value === 'string' ? value : '';
  // The copy is made from masked answers already; masking again keeps a full value off paper whatever it is given.
  if (question.sensitive) return maskSensitive(text);
  if (question.hasDesc) return choiceLabel(question, answers, college, now);
  if (question.kind === 'date') return formatDate(text);
  return text;
}

interface Context {
  input: CopyAnswers;
  college: CollegeConfig;
  now: Date;
  isVisible: (key: string) => boolean;
}

function answerBlocks(question: Question, context: Context): CopyBlock[] {
  const { answers, documents } = context.input;
  if (!context.isVisible(question.key)) return [];
  if (question.kind === 'document') {
    const fileName = documents[question.key];
    return fileName === undefined ? [] : [{ kind: 'document', label: question.label, fileName: showBidiControls(fileName) }];
  }
  if (!isAnswered(answers[question.key])) return [];
  if (question.kind === 'checkbox') return [{ kind: 'check', label: question.label }];
  const value = showBidiControls(valueText(question, answers, context.college, context.now));
  return [{ kind: question.kind === 'textarea' ? 'text' : 'answer', label: question.label, value }];
}

/** The blocks of one block of the form's layout (the staff view lays out the same blocks). */
function layoutBlocks(block: Block, context: Context): CopyBlock[] {
  switch (block.type) {
    case 'question':
      return answerBlocks(block.question, context);
    case 'monthYear':
      return [...answerBlocks(block.month, context), ...answerBlocks(block.year, context)];
    case 'checks': {
      const label = block.questions[0]?.groupLabel;
      if (label === undefined) return block.questions.flatMap((question) => answerBlocks(question, context));
      const ticked = block.questions
        .filter((question) => context.isVisible(question.key) && context.input.answers[question.key] === true)
        .map((question) => question.label);
      return ticked.length === 0 ? [] : [{ kind: 'checks', label, ticked }];
    }
    case 'tabs':
      return block.questions.flatMap((question) => answerBlocks(question, context));
    case 'group': {
      const count = context.input.addAnother[block.group.buttonId] ?? 1;
      // Each slot under its own heading, its answers in the catalogue's order (a slot's own questions included).
      return Array.from({ length: Math.min(count, block.group.max) }, (_, slot) => {
        const inner = slotBlocks(block.questions, slot).flatMap((candidate) => layoutBlocks(candidate, context));
        return inner.length === 0 ? [] : [{ kind: 'group' as const, title: slotTitle(block.group, slot) }, ...inner];
      }).flat();
    }
  }
}

export function copyBlocks(input: CopyAnswers, college: CollegeConfig, now: Date): CopyBlock[] {
  const context: Context = { input, college, now, isVisible: visibility(input.answers, CONDITION_CATALOGUE) };
  const blocks: CopyBlock[] = [];
  for (const page of PAGES) {
    const pageBlocks: CopyBlock[] = [];
    for (const section of SECTIONS.filter((candidate) => candidate.page === page.id)) {
      const sectionBlocksOut = sectionBlocks(section.id).flatMap((block) => layoutBlocks(block, context));
      if (sectionBlocksOut.length > 0) pageBlocks.push({ kind: 'section', title: section.title }, ...sectionBlocksOut);
    }
    if (pageBlocks.length > 0) blocks.push({ kind: 'page', title: page.title }, ...pageBlocks);
  }
  return blocks;
}

/** 'November 21, 2026 at 12:00 PM UTC': one unambiguous zone for every reader of the copy (the page says it alike). */
export const formatTime = formatSubmittedAt;
