import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The documents a newcomer reads first: README.md, SECURITY.md and docs/*.md. Every relative link
 * among them opens a file that exists, and every `#anchor` names a heading of that file. The README
 * stays short enough to read in one sitting (under 250 lines); longer explanations live in docs/.
 */
const ROOT = normalize(join(import.meta.dirname, '..', '..'));
const README_MAX_LINES = 250;

const documents = (): string[] => {
  const docs = existsSync(join(ROOT, 'docs'))
    ? readdirSync(join(ROOT, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`)
    : [];
  return ['README.md', 'SECURITY.md', ...docs];
};

/** The text outside fenced code blocks and inline code, where a link is a link. */
function proseOf(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The targets of inline links `[text](target)` and images, external ones left out. */
function relativeLinks(markdown: string): string[] {
  const targets = [...proseOf(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = match[1]!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** What is wrong with one link of `from` (a path relative to the repository), or null. */
function problemOf(from: string, target: string): string | null {
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  const file = pathPart === '' ? from : normalize(join(dirname(from), decodeURIComponent(pathPart)));
  if (relative(ROOT, join(ROOT, file)).startsWith('..')) return `${target}: leaves the repository`;
  const absolute = join(ROOT, file);
  if (!existsSync(absolute)) return `${target}: ${file} does not exist`;
  if (anchor === undefined || anchor === '') return null;
  if (statSync(absolute).isDirectory() || !file.endsWith('.md')) return `${target}: an anchor into ${file}, which has no headings`;
  if (!anchorsOf(readFileSync(absolute, 'utf8')).has(anchor)) return `${target}: ${file} has no heading #${anchor}`;
  return null;
}

describe('the documents a newcomer reads first', () => {
  it.each(documents())('every relative link of %s opens a file that exists, at a heading it has', (document) => {
    const links = relativeLinks(readFileSync(join(ROOT, document), 'utf8'));
    const problems = links.map((target) => problemOf(document, target)).filter((problem) => problem !== null);
    expect(problems).toEqual([]);
  });

  it(`README.md stays under ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length;
    expect(lines).toBeLessThan(README_MAX_LINES);
  });

  it('finds the links and headings it checks (a broken link or a missing heading is reported)', () => {
    const markdown = [
      '# Which errors are the page’s',
      '## One process per `DATA_DIR`',
      '## Notes',
      '## Notes',
      'See [the page](#which-errors-are-the-pages), [dir](#one-process-per-data_dir) and [web](https://example.org).',
      '`[not a link](missing.md)`',
      '```',
      '[not a link either](missing.md)',
      '```',
    ].join('\n');
    expect(relativeLinks(markdown)).toEqual(['#which-errors-are-the-pages', '#one-process-per-data_dir']);
    expect(anchorsOf(markdown)).toEqual(new Set(['which-errors-are-the-pages', 'one-process-per-data_dir', 'notes', 'notes-1']));
    expect(problemOf('README.md', 'docs/none.md')).toBe('docs/none.md: docs/none.md does not exist');
    expect(problemOf('README.md', '#no-such-heading')).toBe('#no-such-heading: README.md has no heading #no-such-heading');
    expect(problemOf('README.md', 'SECURITY.md')).toBeNull();
  });
});
