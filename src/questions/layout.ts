/**
 * Turns a section's questions (catalogue order) into the blocks a page renders: single
 * questions, month + year pairs, add-another groups and tab groups. Pure, so the pages and the
 * staff view lay out the same catalogue the same way.
 */
import { conditionKeys } from '../catalogue/conditions';
import {
  ADD_ANOTHER_GROUPS,
  TAB_GROUPS,
  questionsOfSection,
  type AddAnotherGroup,
  type Question,
  type SectionId,
  type TabGroup,
} from '../catalogue/questions';

export type Block =
  | { readonly type: 'question'; readonly question: Question }
  | { readonly type: 'monthYear'; readonly month: Question; readonly year: Question }
  /** Consecutive checkboxes (the races, the grades of an activity) shown as one block. */
  | { readonly type: 'checks'; readonly questions: readonly Question[] }
  | { readonly type: 'group'; readonly group: AddAnotherGroup; readonly questions: readonly Question[] }
  | { readonly type: 'tabs'; readonly tabGroup: TabGroup; readonly questions: readonly Question[] };

const MONTH = /_month$/;

/** Fields of one slot (0-based) of a group, in catalogue order. */
export function slotQuestions(questions: readonly Question[], slot: number): Question[] {
  return questions.filter((q) => q.addAnother?.slot === slot);
}

/**
 * An add-another group whose slots all depend on one yes/no question of the section ("Does a
 * brother or sister attend?") is placed right after it, so the answer and its details stay
 * together even when the catalogue lists both yes/no questions first.
 */
function anchorOf(group: readonly Question[], sectionKeys: ReadonlySet<string>): string | undefined {
  const read = new Set(group.flatMap((q) => (q.condition ? conditionKeys(q.condition) : [])));
  const [only] = read;
  return read.size === 1 && only !== undefined && sectionKeys.has(only) ? only : undefined;
}

function build(questions: readonly Question[], groups = true): Block[] {
  const blocks: Block[] = [];
  const placed = new Set<string>();
  for (const [index, question] of questions.entries()) {
    if (placed.has(question.key)) continue;
    const buttonId = question.addAnother?.buttonId;
    const tabGroup = TAB_GROUPS.find((g) => g.tabs.some((tab) => tab.keys.includes(question.key)));
    const next = questions[index + 1];
    if (buttonId && groups) {
      const group = ADD_ANOTHER_GROUPS.find((g) => g.buttonId === buttonId)!;
      const members = questions.filter((q) => q.addAnother?.buttonId === buttonId);
      blocks.push({ type: 'group', group, questions: members });
      members.forEach((q) => placed.add(q.key));
    } else if (tabGroup) {
      const keys = new Set(tabGroup.tabs.flatMap((tab) => tab.keys));
      const members = questions.filter((q) => keys.has(q.key));
      blocks.push({ type: 'tabs', tabGroup, questions: members });
      members.forEach((q) => placed.add(q.key));
    } else if (question.kind === 'checkbox' && next?.kind === 'checkbox' && !next.addAnother === !question.addAnother) {
      const run = [question];
      for (const candidate of questions.slice(index + 1)) {
        if (candidate.kind !== 'checkbox' || candidate.addAnother?.slot !== question.addAnother?.slot) break;
        run.push(candidate);
      }
      blocks.push({ type: 'checks', questions: run });
      run.forEach((q) => placed.add(q.key));
    } else if (MONTH.test(question.key) && next?.key === question.key.replace(MONTH, '_year')) {
      blocks.push({ type: 'monthYear', month: question, year: next });
      placed.add(next.key);
    } else {
      blocks.push({ type: 'question', question });
    }
    placed.add(question.key);
  }
  return blocks;
}

function keysOf(block: Block): string[] {
  if (block.type === 'question') return [block.question.key];
  if (block.type === 'monthYear') return [block.month.key, block.year.key];
  return block.questions.map((q) => q.key);
}

/** Moves each anchored group right after its anchor question. */
function anchorGroups(blocks: Block[], sectionKeys: ReadonlySet<string>): Block[] {
  const result = blocks.filter((block) => block.type !== 'group' || anchorOf(block.questions, sectionKeys) === undefined);
  for (const block of blocks) {
    if (block.type !== 'group') continue;
    const anchor = anchorOf(block.questions, sectionKeys);
    if (anchor === undefined) continue;
    const at = result.findIndex((candidate) => keysOf(candidate).includes(anchor));
    result.splice(at + 1, 0, block);
  }
  return result;
}

const cache = new Map<SectionId, readonly Block[]>();

/** The blocks of a section; computed once per section (the catalogue does not change). */
export function sectionBlocks(section: SectionId): readonly Block[] {
  let blocks = cache.get(section);
  if (!blocks) {
    const questions = questionsOfSection(section);
    blocks = anchorGroups(build(questions), new Set(questions.map((q) => q.key)));
    cache.set(section, blocks);
  }
  return blocks;
}

export const blockKeys = keysOf;

const slotCache = new Map<string, readonly Block[]>();

/** The blocks of one slot of an add-another group (its checkboxes grouped, its pairs paired). */
export function slotBlocks(questions: readonly Question[], slot: number): readonly Block[] {
  const id = `${questions[0]?.addAnother?.buttonId ?? ''}|${slot}`;
  let blocks = slotCache.get(id);
  if (!blocks) {
    blocks = build(slotQuestions(questions, slot), false);
    slotCache.set(id, blocks);
  }
  return blocks;
}
