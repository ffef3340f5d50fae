import { formatSubmittedAt } from '../../src/catalogue/submission';
import { isAnswered, visibility } from '../../src/catalogue/conditions';
import type { Answers } from '../../src/catalogue/dataModel';
import { optionLabel } from '../../src/catalogue/options';
import {
  ADD_ANOTHER_GROUPS,
  CONDITION_CATALOGUE,
  PAGES,
  SECTIONS,
  descKeyOf,
  optionsFor,
  questionsOfSection,
  slotTitle,
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
  | { kind: 'document'; label: string; fileName: string };

export interface CopyAnswers {
  answers: Answers;
  addAnother: Readonly<Record<string, number>>;
  /** File names of the documents whose conversions are appended, by answer key. */
  documents: Readonly<Record<string, string>>;
}

function valueText(question: Question, answers: Answers, college: CollegeConfig, now: Date): string {
  const value = answers[question.key];
  const text = typeof value === 'string' ? value : '';
  // The copy is made from masked answers already; masking again keeps a full value off paper whatever it is given.
  if (question.sensitive) return maskSensitive(text);
  const desc = descKeyOf(question);
  if (desc !== undefined) {
    const label = answers[desc];
    if (typeof label === 'string' && label !== '') return label;
    return optionLabel(optionsFor(question, answers, college, now), text) || text;
  }
  return text;
}

function slotShown(question: Question, addAnother: Readonly<Record<string, number>>): boolean {
  if (!question.addAnother) return true;
  return question.addAnother.slot < (addAnother[question.addAnother.buttonId] ?? 1);
}

export function copyBlocks(input: CopyAnswers, college: CollegeConfig, now: Date): CopyBlock[] {
  const { answers } = input;
  const isVisible = visibility(answers, CONDITION_CATALOGUE);
  const blocks: CopyBlock[] = [];
  for (const page of PAGES) {
    const pageBlocks: CopyBlock[] = [];
    for (const section of SECTIONS.filter((candidate) => candidate.page === page.id)) {
      const sectionBlocks: CopyBlock[] = [];
      let group: string | undefined;
      for (const question of questionsOfSection(section.id)) {
        if (!isVisible(question.key) || !slotShown(question, input.addAnother)) continue;
        const fileName = input.documents[question.key];
        if (question.kind === 'document') {
          if (fileName !== undefined) sectionBlocks.push({ kind: 'document', label: question.label, fileName });
          continue;
        }
        if (!isAnswered(answers[question.key])) continue;
        if (question.addAnother) {
          const owner = ADD_ANOTHER_GROUPS.find((candidate) => candidate.buttonId === question.addAnother!.buttonId);
          const title = owner ? slotTitle(owner, question.addAnother.slot) : undefined;
          if (title && title !== group) sectionBlocks.push({ kind: 'group', title });
          group = title;
        }
        if (question.kind === 'checkbox') sectionBlocks.push({ kind: 'check', label: question.label });
        else if (question.kind === 'textarea')
          sectionBlocks.push({ kind: 'text', label: question.label, value: valueText(question, answers, college, now) });
        else sectionBlocks.push({ kind: 'answer', label: question.label, value: valueText(question, answers, college, now) });
      }
      if (sectionBlocks.length > 0) pageBlocks.push({ kind: 'section', title: section.title }, ...sectionBlocks);
    }
    if (pageBlocks.length > 0) blocks.push({ kind: 'page', title: page.title }, ...pageBlocks);
  }
  return blocks;
}

/** 'November 21, 2026 at 12:00 PM UTC': one unambiguous zone for every reader of the copy (the page says it alike). */
export const formatTime = formatSubmittedAt;
