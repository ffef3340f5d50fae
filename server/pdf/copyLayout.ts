import { formatSubmittedAt } from '../../src/catalogue/submission';
import { isAnswered, visibility } from '../../src/catalogue/conditions';
import type { Answers } from '../../src/catalogue/dataModel';
import { choiceLabel, formatDate, showBidiControls } from '../../src/catalogue/display';
import {
  ADD_ANOTHER_GROUPS,
  CONDITION_CATALOGUE,
  PAGES,
  SECTIONS,
  questionsOfSection,
  slotTitle,
  type AddAnotherGroup,
  type Question,
} from '../../src/catalogue/questions';
import { maskSensitive } from '../../src/catalogue/sensitiveMask';
import type { CollegeConfig } from '../../src/college/schema';

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
  /** A document appended at the end; `pages` it has, of which the copy holds the first `includedPages`. */
  | { kind: 'document'; label: string; fileName: string; pages: number; includedPages: number };

export interface CopyAnswers {
  answers: Answers;
  addAnother: Readonly<Record<string, number>>;
  /** The documents whose conversions are appended, by answer key: file name, pages, and how many of them are appended. */
  documents: Readonly<Record<string, { fileName: string; pages: number; includedPages: number }>>;
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
    const document = documents[question.key];
    if (document === undefined) return [];
    return [{ kind: 'document', label: question.label, ...document, fileName: showBidiControls(document.fileName) }];
  }
  if (!isAnswered(answers[question.key])) return [];
  if (question.kind === 'checkbox') return [{ kind: 'check', label: question.label }];
  const value = showBidiControls(valueText(question, answers, context.college, context.now));
  return [{ kind: question.kind === 'textarea' ? 'text' : 'answer', label: question.label, value }];
}

/**
 * Answers in catalogue order; a run of checkboxes that answers one question (its first names the
 * question: `groupLabel`) prints as that question and the options ticked.
 */
function listBlocks(questions: readonly Question[], context: Context): CopyBlock[] {
  const blocks: CopyBlock[] = [];
  for (let index = 0; index < questions.length; index += 1) {
    const question = questions[index]!;
    if (question.kind !== 'checkbox' || question.groupLabel === undefined) {
      blocks.push(...answerBlocks(question, context));
      continue;
    }
    let end = index + 1;
    while (questions[end]?.kind === 'checkbox' && questions[end]?.groupLabel === undefined) end += 1;
    const ticked = questions
      .slice(index, end)
      .filter((candidate) => context.isVisible(candidate.key) && context.input.answers[candidate.key] === true)
      .map((candidate) => candidate.label);
    if (ticked.length > 0) blocks.push({ kind: 'checks', label: question.groupLabel, ticked });
    index = end - 1;
  }
  return blocks;
}

/** Each item of an add-another group under its own heading, with its answers (its own questions included) in catalogue order. */
function groupBlocks(group: AddAnotherGroup, members: readonly Question[], context: Context): CopyBlock[] {
  const count = Math.min(context.input.addAnother[group.buttonId] ?? 1, group.max);
  return Array.from({ length: count }, (_, slot) => {
    const inner = listBlocks(
      members.filter((question) => question.addAnother?.slot === slot),
      context,
    );
    return inner.length === 0 ? [] : [{ kind: 'group' as const, title: slotTitle(group, slot) }, ...inner];
  }).flat();
}

/** A section's answers: its questions in order, each add-another group where its first question stands. */
function sectionCopyBlocks(questions: readonly Question[], context: Context): CopyBlock[] {
  const blocks: CopyBlock[] = [];
  let pending: Question[] = [];
  const placed = new Set<string>();
  for (const question of questions) {
    if (placed.has(question.key)) continue;
    const group = ADD_ANOTHER_GROUPS.find((candidate) => candidate.buttonId === question.addAnother?.buttonId);
    if (group === undefined) {
      pending.push(question);
      continue;
    }
    const members = questions.filter((candidate) => candidate.addAnother?.buttonId === group.buttonId);
    members.forEach((member) => placed.add(member.key));
    blocks.push(...listBlocks(pending, context), ...groupBlocks(group, members, context));
    pending = [];
  }
  return [...blocks, ...listBlocks(pending, context)];
}

export function copyBlocks(input: CopyAnswers, college: CollegeConfig, now: Date): CopyBlock[] {
  const context: Context = { input, college, now, isVisible: visibility(input.answers, CONDITION_CATALOGUE) };
  const blocks: CopyBlock[] = [];
  for (const page of PAGES) {
    const pageBlocks: CopyBlock[] = [];
    for (const section of SECTIONS.filter((candidate) => candidate.page === page.id)) {
      const answered = sectionCopyBlocks(questionsOfSection(section.id), context);
      if (answered.length > 0) pageBlocks.push({ kind: 'section', title: section.title }, ...answered);
    }
    if (pageBlocks.length > 0) blocks.push({ kind: 'page', title: page.title }, ...pageBlocks);
  }
  return blocks;
}

/** 'November 21, 2026 at 12:00 PM UTC': one unambiguous zone for every reader of the copy (the page says it alike). */
export const formatTime = formatSubmittedAt;
