/**
 * Decision letters: the college writes each decision's letter in a small Markdown (headings,
 * paragraphs, list items, **bold** and *italic*) with placeholders such as {{first_name}}. The
 * template is parsed first and the applicant's values are put into the parsed text afterwards, so
 * whatever an applicant typed (a `<script>`, a `**`) stays the text it was: a letter is a tree of
 * text runs, never markup, in the page (React text nodes) and in the PDF alike.
 *
 * Browser-safe: the configuration's schema checks templates with it, and the completion page shows
 * what it returns.
 */

/** What a letter may name, each filled in from the application (or the college). */
const LETTER_PLACEHOLDERS = ['first_name', 'last_name', 'preferred_name', 'reference', 'entry_term', 'major', 'college_name'] as const;
type LetterPlaceholder = (typeof LETTER_PLACEHOLDERS)[number];

export interface LetterRun {
  text: string;
  strong?: boolean;
  emphasis?: boolean;
}

export interface LetterBlock {
  kind: 'heading' | 'paragraph' | 'item';
  runs: LetterRun[];
}

/** A rendered letter: text runs in blocks, nothing else. */
export interface Letter {
  blocks: LetterBlock[];
}

/** A template's run before the values are known: literal text or a placeholder. */
interface TemplateRun {
  text?: string;
  placeholder?: string;
  strong?: boolean;
  emphasis?: boolean;
}

interface TemplateBlock {
  kind: LetterBlock['kind'];
  runs: TemplateRun[];
}

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** A placeholder stands as this mark (a private-use character around its index) while the line's emphasis is read, so that `{{first_name}}`'s underscore is never taken for italics. */
const MARK = /\uE000(\d+)\uE000/g;

function inlineRuns(source: string): TemplateRun[] {
  const names: string[] = [];
  const line = source.replace(/\uE000/g, '').replace(PLACEHOLDER, (_match, name: string) => `\uE000${names.push(name) - 1}\uE000`);
  const runs: TemplateRun[] = [];
  // **bold**, *italic* or _italic_; anything unmatched is literal text.
  const pattern = /\*\*(.+?)\*\*|\*(.+?)\*|_(.+?)_/g;
  let last = 0;
  const pushText = (text: string, style: { strong?: boolean; emphasis?: boolean }) => {
    let at = 0;
    for (const match of text.matchAll(MARK)) {
      if (match.index > at) runs.push({ text: text.slice(at, match.index), ...style });
      runs.push({ placeholder: names[Number(match[1])]!, ...style });
      at = match.index + match[0].length;
    }
    if (at < text.length) runs.push({ text: text.slice(at), ...style });
  };
  for (const match of line.matchAll(pattern)) {
    if (match.index > last) pushText(line.slice(last, match.index), {});
    if (match[1] !== undefined) pushText(match[1], { strong: true });
    else pushText(match[2] ?? match[3]!, { emphasis: true });
    last = match.index + match[0].length;
  }
  if (last < line.length) pushText(line.slice(last), {});
  return runs;
}

function parseTemplate(markdown: string): TemplateBlock[] {
  const blocks: TemplateBlock[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', runs: inlineRuns(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^#{1,3}\s+(.*)$/.exec(line);
    const item = /^[-*]\s+(.*)$/.exec(line);
    if (line === '') endParagraph();
    else if (heading) {
      endParagraph();
      blocks.push({ kind: 'heading', runs: inlineRuns(heading[1]!) });
    } else if (item) {
      endParagraph();
      blocks.push({ kind: 'item', runs: inlineRuns(item[1]!) });
    } else paragraph.push(line);
  }
  endParagraph();
  return blocks;
}

/** The placeholders a template names that no letter can fill in; [] when it is sound. */
export function unknownPlaceholders(markdown: string): string[] {
  const known = new Set<string>(LETTER_PLACEHOLDERS);
  const unknown = parseTemplate(markdown)
    .flatMap((block) => block.runs)
    .flatMap((run) => (run.placeholder !== undefined && !known.has(run.placeholder) ? [run.placeholder] : []));
  return [...new Set(unknown)];
}

/** Neighbouring runs of the same style become one: a filled-in value is text like any other. */
function joinAlike(runs: LetterRun[]): LetterRun[] {
  const joined: LetterRun[] = [];
  for (const run of runs) {
    const last = joined.at(-1);
    if (last && !last.strong === !run.strong && !last.emphasis === !run.emphasis) last.text += run.text;
    else joined.push({ ...run });
  }
  return joined;
}

export type LetterValues = Partial<Record<LetterPlaceholder, string>>;

export type RenderedLetter = { ok: true; letter: Letter } | { ok: false; problem: string };

/**
 * Fills a template in with one applicant's values. A placeholder with no value (an empty
 * preferred name, say) makes the letter fail to render rather than go out with a gap.
 */
export function renderLetter(markdown: string, values: LetterValues): RenderedLetter {
  const missing = new Set<string>();
  const blocks = parseTemplate(markdown).map((block) => ({
    kind: block.kind,
    runs: joinAlike(
      block.runs.map((run) => {
        let text = run.text ?? '';
        if (run.placeholder !== undefined) {
          const value = (values as Record<string, string | undefined>)[run.placeholder]?.trim();
          if (!value) missing.add(run.placeholder);
          text = value ?? '';
        }
        return { text, ...(run.strong ? { strong: true } : {}), ...(run.emphasis ? { emphasis: true } : {}) };
      }),
    ),
  }));
  if (missing.size > 0) return { ok: false, problem: `no value for ${[...missing].map((name) => `{{${name}}}`).join(', ')}` };
  return { ok: true, letter: { blocks } };
}

/** The letter as plain text (the PDF's fallback, a search, a test). */
export function letterText(letter: Letter): string {
  return letter.blocks.map((block) => block.runs.map((run) => run.text).join('')).join('\n');
}
