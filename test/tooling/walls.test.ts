import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The rooms of the code (README, Map of the code): the server and the database layer never load
 * browser code, the machines never load the server, and the shared catalogue loads nothing of
 * either side, so what both sides need is written once, in src/catalogue or src/college. The
 * product loads nothing of the tests: not their fixtures, not the QA plan generator (npm run paths).
 */
const ROOT = normalize(join(import.meta.dirname, '..', '..'));
const SHARED = ['src/catalogue/', 'src/college/'];
const VIEWS = /^src\/(?!catalogue\/|college\/)/;
const TESTS = 'test/';
const QA = 'test/qa/';

interface Wall {
  from: RegExp;
  forbidden: (target: string) => boolean;
  why: string;
}
const WALLS: Wall[] = [
  {
    from: /^(server|db)\//,
    forbidden: (target) => target.startsWith('machines/') || VIEWS.test(target),
    why: 'the server loads no browser code',
  },
  {
    from: /^machines\//,
    forbidden: (target) => /^(server|db)\//.test(target) || VIEWS.test(target),
    why: 'the machines load neither the server nor the views',
  },
  {
    from: /^src\/(catalogue|college)\//,
    forbidden: (target) => !SHARED.some((room) => target.startsWith(room)),
    why: 'the shared catalogue loads only itself',
  },
  { from: VIEWS, forbidden: (target) => /^(server|db)\//.test(target), why: 'the views load no server code' },
  {
    from: /^(server|db|machines|src)\//,
    forbidden: (target) => target.startsWith(TESTS) || target.startsWith(QA),
    why: 'the product loads no test code (fixtures, the QA plan generator)',
  },
];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|mjs)$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

const allFiles = new Set(['server', 'db', 'machines', 'src'].flatMap(sourceFiles));

/** The repository path a relative import names (the extension may be left out); packages are not ours to wall. */
function resolved(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = normalize(join(dirname(file), specifier));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')];
  return candidates.find((candidate) => allFiles.has(candidate)) ?? base;
}

function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return info.importedFiles.flatMap(({ fileName }) => resolved(file, fileName) ?? []);
}

function breaches(): string[] {
  return [...allFiles].flatMap((file) =>
    WALLS.filter((wall) => wall.from.test(file)).flatMap((wall) =>
      importsOf(file)
        .filter(wall.forbidden)
        .map((target) => `${file} → ${target} (${wall.why})`),
    ),
  );
}

describe('the walls between server, machines and views', () => {
  const found = breaches();

  it('are not crossed by any import', () => {
    expect(found).toEqual([]);
  });

  it("keep each actor's state its own: a machine reads no other actor's snapshot, it asks by event", () => {
    const readers = [...allFiles]
      // A view API (machines/*View.ts) is the views' side: it reads the snapshot it is given.
      .filter((file) => file.startsWith('machines/') && !file.endsWith('View.ts'))
      .flatMap((file) =>
        [...readFileSync(join(ROOT, file), 'utf8').matchAll(/([\w$.\])?]+)\.getSnapshot\(/g)]
          .filter((match) => match[1] !== 'self')
          .map((match) => `${file}: ${match[0]}`),
      );
    expect(readers).toEqual([]);
  });

  it('hold no forced types (`as unknown as`) in product code, but for the few being taken out', () => {
    // The session-scoped application actor took the last ones out: none may come back.
    const allowed: Record<string, number> = {};
    const forced = Object.fromEntries(
      [...allFiles].flatMap((file) => {
        const count = readFileSync(join(ROOT, file), 'utf8').match(/\bas unknown as\b/g)?.length ?? 0;
        return count > 0 ? [[file, count]] : [];
      }),
    );
    expect(forced).toEqual(allowed);
  });

  it('let the machines read an event through assertEvent or typed params, not by testing event.type by hand', () => {
    // The narrowings left are in the answers actor, being redesigned: the count may only go down.
    const MAX_NARROWINGS = 7;
    const narrowings = [...allFiles]
      .filter((file) => file.startsWith('machines/'))
      .flatMap((file) => [...readFileSync(join(ROOT, file), 'utf8').matchAll(/\bevent\.type\s*[!=]==/g)].map(() => file));
    expect(narrowings.length, narrowings.join('\n')).toBeLessThanOrEqual(MAX_NARROWINGS);
  });

  it('see the imports they guard (a file importing across is found)', () => {
    expect(importsOf('server/app.ts')).toContain('server/http/securityHeaders.ts');
    expect(importsOf('machines/appContext.ts').some((target) => target.startsWith('src/catalogue/'))).toBe(true);
  });

  it('guard the folder the QA plan generator lives in (npm run paths)', () => {
    expect(existsSync(join(ROOT, QA, 'cli.ts'))).toBe(true);
    expect(readFileSync(join(ROOT, 'package.json'), 'utf8')).toContain(`"paths": "node --import tsx ${QA}cli.ts"`);
  });
});

/*
 * A comment states the rule itself ("a 401 ends the session and keeps the typed answers on the
 * device"), never where it came from ("section 8", "issue 12"): a newcomer has neither at hand.
 */
const CITATION = /\b(?:sections?|issues?)\s+#?\d|§\s*\d/i;

/** Every comment of a TypeScript or CSS file, as written (strings and JSX text are not comments). */
function commentsOf(file: string, text: string): string[] {
  if (file.endsWith('.css')) return text.match(/\/\*[\s\S]*?\*\//g) ?? [];
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const ranges = new Map<number, string>();
  const collect = (found: ts.CommentRange[] | undefined) => {
    for (const range of found ?? []) ranges.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.JsxText) return;
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  return [...ranges].sort(([a], [b]) => a - b).map(([, comment]) => comment);
}

function productFiles(): string[] {
  return ['server', 'db', 'machines', 'src'].flatMap((folder) =>
    readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|mjs|css)$/.test(entry.name))
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name))),
  );
}

describe('comments in product code', () => {
  it('state the rule itself, never a section or issue number', () => {
    // Only a file whose text cites at all is parsed for its comments: strings shown to users may.
    const suspects = productFiles()
      .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }))
      .filter(({ text }) => CITATION.test(text));
    const citing = suspects.flatMap(({ file, text }) =>
      commentsOf(file, text)
        .filter((comment) => CITATION.test(comment))
        .map(
          (comment) =>
            `${file}: ${comment
              .split('\n')
              .find((line) => CITATION.test(line))
              ?.trim()}`,
        ),
    );
    expect(citing).toEqual([]);
  });

  it('are all seen, in code, JSX and CSS, and a citation among them is found', () => {
    const view = [
      '/** Staff (spec section 6). */',
      'export const Note = () => <p title="section 2">Don\'t {/* issue 12 */} see section 3</p>;',
      'const pattern = /\\/\\*/; // section 9',
      'const shown = "Section 5 of the form"; /* §4 */',
      'function f() {',
      '  // issue 13',
      '}',
    ].join('\n');
    expect(commentsOf('machines/x.tsx', view)).toEqual([
      '/** Staff (spec section 6). */',
      '/* issue 12 */',
      '// section 9',
      '/* §4 */',
      '// issue 13',
    ]);
    expect(commentsOf('src/x.css', '.a { color: red; } /* section 3 */')).toEqual(['/* section 3 */']);
    for (const cited of ['(spec section 9)', "Section 8's dialog", 'issue 12', 'sections 1 and 6', '§4']) {
      expect(CITATION.test(cited), cited).toBe(true);
    }
    for (const plain of ['other sections when answered', 'an issue with 2 tabs', 'reissue 3 links']) {
      expect(CITATION.test(plain), plain).toBe(false);
    }
  });
});
