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
      .filter((file) => file.startsWith('machines/'))
      .flatMap((file) =>
        [...readFileSync(join(ROOT, file), 'utf8').matchAll(/([\w$.\])?]+)\.getSnapshot\(/g)]
          .filter((match) => match[1] !== 'self')
          .map((match) => `${file}: ${match[0]}`),
      );
    expect(readers).toEqual([]);
  });

  it('see the imports they guard (a file importing across is found)', () => {
    expect(importsOf('server/app.ts')).toContain('server/http/securityHeaders.ts');
    expect(importsOf('machines/appMachine.ts').some((target) => target.startsWith('src/catalogue/'))).toBe(true);
  });

  it('guard the folder the QA plan generator lives in (npm run paths)', () => {
    expect(existsSync(join(ROOT, QA, 'cli.ts'))).toBe(true);
    expect(readFileSync(join(ROOT, 'package.json'), 'utf8')).toContain(`"paths": "node --import tsx ${QA}cli.ts"`);
  });
});
