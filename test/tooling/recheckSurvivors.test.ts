import { describe, expect, it } from 'vitest';
import { applyMutant, recheckReport, type Report, type Workspace } from '../../scripts/recheckSurvivors';

const SOURCE = ['const redirect = (to) =>', "  [to, 'done'];", 'export const visits = (anchor) => (anchor ? 1 : 2);', ''].join('\n');
const at = (line: number, column: number) => ({ line, column });

/** A machine file whose "tests" fail when the redirect no longer builds its actions (as a module that throws on import). */
function workspace(files: Record<string, string>) {
  const written: string[] = [];
  const log: string[] = [];
  const space: Workspace = {
    read: (path) => files[path] ?? '',
    write: (path, text) => {
      files[path] = text;
      written.push(text);
    },
    testsFail: (path) => !(files[path] ?? '').includes("[to, 'done']"),
    log: (line) => void log.push(line),
    progress: () => undefined,
  };
  return { space, files, written, log };
}

const mutants = () => [
  // The redirect's arrow, over two lines: the tests kill it.
  {
    id: '1',
    mutatorName: 'ArrowFunction',
    replacement: '() => undefined',
    status: 'Survived',
    location: { start: at(1, 18), end: at(2, 15) },
  },
  // The anchor check: no test notices.
  {
    id: '2',
    mutatorName: 'ConditionalExpression',
    replacement: 'true',
    status: 'NoCoverage',
    location: { start: at(3, 36), end: at(3, 42) },
  },
  { id: '3', mutatorName: 'StringLiteral', replacement: '""', status: 'Killed', location: { start: at(2, 7), end: at(2, 13) } },
  // Timed out under Stryker on a busy machine: the tests pass with it (the check on 1 is not theirs)…
  { id: '4', mutatorName: 'NumberLiteral', replacement: '3', status: 'Timeout', location: { start: at(3, 45), end: at(3, 46) } },
  // …and fail with this one.
  { id: '5', mutatorName: 'StringLiteral', replacement: '""', status: 'Timeout', location: { start: at(2, 7), end: at(2, 13) } },
];

describe('re-checking survivors by hand (issue 14)', () => {
  it('applies a mutant at the positions Stryker gives, lines and columns from 1, end excluded', () => {
    expect(applyMutant(SOURCE, mutants()[0]!)).toBe(
      'const redirect = () => undefined;\nexport const visits = (anchor) => (anchor ? 1 : 2);\n',
    );
    expect(applyMutant(SOURCE, mutants()[1]!)).toContain('(true ? 1 : 2)');
  });

  it('marks killed only the survivors whose tests fail, says why, and leaves the file as it was', () => {
    const { space, files, written } = workspace({ 'machines/x.ts': SOURCE });
    const report: Report = { files: { 'machines/x.ts': { source: SOURCE, mutants: mutants() } } };
    recheckReport(report, space);
    const [redirect, anchor, killed, slowOnly, slowKilled] = report.files['machines/x.ts']!.mutants;
    expect(redirect?.status).toBe('Killed');
    expect(redirect?.statusReason).toContain('applied by hand');
    expect(anchor?.status).toBe('NoCoverage');
    expect(killed).not.toHaveProperty('statusReason');
    expect(slowOnly?.status).toBe('Survived');
    expect(slowOnly?.statusReason).toContain('Timed out under Stryker');
    expect(slowKilled?.status).toBe('Killed');
    expect(files['machines/x.ts']).toBe(SOURCE);
    // Each mutant on its own: the file is restored between them.
    expect(written.filter((text) => text !== SOURCE)).toHaveLength(4);
    expect(written.at(-1)).toBe(SOURCE);
  });

  it('goes on where an interrupted run stopped: what was re-checked is not re-checked', () => {
    const { space, written } = workspace({ 'machines/x.ts': SOURCE });
    const first: Report = { files: { 'machines/x.ts': { source: SOURCE, mutants: mutants() } } };
    recheckReport(first, space);
    const runs = written.length;
    recheckReport(first, space);
    expect(written.length).toBe(runs);
    expect(first.files['machines/x.ts']!.mutants[1]?.statusReason).toContain('Survived when applied by hand');
  });

  it('leaves a report alone when the file changed since Stryker ran', () => {
    const { space, log } = workspace({ 'machines/x.ts': `${SOURCE}// edited\n` });
    const report: Report = { files: { 'machines/x.ts': { source: SOURCE, mutants: mutants() } } };
    recheckReport(report, space);
    expect(report.files['machines/x.ts']!.mutants.map((mutant) => mutant.status)).toEqual([
      'Survived',
      'NoCoverage',
      'Killed',
      'Timeout',
      'Timeout',
    ]);
    expect(log.join('\n')).toContain('changed since the report was made');
  });
});
