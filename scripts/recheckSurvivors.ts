// Re-checks by hand the mutants Stryker reported as survived, not covered or timed out, and writes
// the report again with what the tests do to each, for the scores.
//
// Why: Stryker 9.6's Vitest runner reports some mutants as survived although the tests kill them.
// A mutant of code that runs when a module loads (a machine's configuration: a redirect built once)
// that makes the module throw leaves its test file with no tests collected, which the runner
// counts as nothing failed (stryker-mutator/stryker-js#6209 and ai-driven-dev/framework#851); and
// per-test coverage sometimes misses the test that kills a mutant, which then runs only against
// tests that cannot (seen here: inverting the in-page-anchor check of navigationMachine.ts fails
// "counts visits" when applied by hand, yet was reported survived). Here each such mutant is
// applied to the source file itself, every test related to the file runs (`vitest related`, the
// mutation config), and a failing run, an import failure included, counts as killed. The source
// file is restored after each mutant. A time-out is re-checked too: on a busy machine Stryker
// counts a slow run as a time-out, which counts as killed; applied by hand, a mutant whose tests
// pass is marked survived (a real endless loop fails the tests' own time-out, and stays killed).
//
//   node --import tsx scripts/recheckSurvivors.ts reports/mutation/machines/navigationMachine.json
//   node --import tsx scripts/recheckSurvivors.ts report.json --tests test/machines/a.test.ts,test/machines/b.test.ts
//
// The report is written after each mutant: an interrupted run started again goes on where it stopped.
//
// Only a report whose source still matches the file on disk is re-checked (a stale report would
// test another machine). It rewrites the machine file while it runs: do not edit or commit that
// file meanwhile (a Stryker run beside it is safe, it works on a copy, but slows both down).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

type Position = { line: number; column: number };
type Mutant = {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  statusReason?: string;
  location: { start: Position; end: Position };
};
export type Report = { files: Record<string, { source: string; mutants: Mutant[] }> };

const RECHECK_REASON = 'Killed when applied by hand: the tests of `vitest related` fail (scripts/recheckSurvivors.ts).';
const TIMEOUT_SURVIVED = 'Timed out under Stryker; applied by hand, the tests of `vitest related` pass (scripts/recheckSurvivors.ts).';
const SURVIVED_BY_HAND = 'Survived when applied by hand (scripts/recheckSurvivors.ts).';
const RECHECKED = new Set(['Survived', 'NoCoverage', 'Timeout']);
/** Already re-checked (a resumed run skips it). */
const settled = (mutant: Mutant) => mutant.statusReason?.includes('scripts/recheckSurvivors.ts') === true;

/** Stryker's positions count lines and columns from 1; the end is exclusive. */
function offsetOf(source: string, { line, column }: Position): number {
  const lines = source.split('\n');
  let offset = 0;
  for (let index = 0; index < line - 1; index += 1) offset += (lines[index]?.length ?? 0) + 1;
  return offset + column - 1;
}

export function applyMutant(source: string, mutant: Mutant): string {
  const start = offsetOf(source, mutant.location.start);
  const end = offsetOf(source, mutant.location.end);
  return source.slice(0, start) + (mutant.replacement ?? '') + source.slice(end);
}

/**
 * The machine's tests against the file as it is now: true when any fails or cannot load. By
 * default every test related to the file; `--tests a,b` names test files instead (faster, and
 * never more kills than the related tests would find).
 */
function vitestFails(path: string, testFiles: readonly string[]): boolean {
  // Also before each run: a cut run's workers are handed to init only once their parent is gone,
  // which can be after the sweep that followed the cut.
  killStrandedWorkers();
  const selection = testFiles.length > 0 ? ['run', ...testFiles] : ['related', path, '--run'];
  const run = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', ...selection, '--config', 'vitest.mutation.config.ts', '--bail', '1'],
    // A mutant that loops for ever blocks the test worker, which no test time-out can stop: the run is
    // cut, and counts as failed (a time-out, as Stryker counts it: detected).
    { encoding: 'utf8', timeout: testFiles.length > 0 ? 30_000 : 180_000, env: { ...process.env, CI: '1' } },
  );
  if (run.status === null) killStrandedWorkers();
  return run.status !== 0;
}

/**
 * A run cut short leaves its test workers behind (forks busy in the endless loop, now children of
 * init), each holding a core: they go too.
 */
function killStrandedWorkers(): void {
  const listing = spawnSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' }).stdout ?? '';
  for (const line of listing.split('\n')) {
    const [pid, ppid, ...args] = line.trim().split(/\s+/);
    if (ppid === '1' && args.join(' ').includes(`${process.cwd()}/node_modules/vitest`)) spawnSync('kill', ['-9', pid ?? '']);
  }
}

export interface Workspace {
  read(path: string): string;
  write(path: string, text: string): void;
  /** Runs the tests related to `path` as the file is now: true when any fails. */
  testsFail(path: string): boolean;
  log(line: string): void;
  /** After each mutant: the report so far (an interrupted run resumes where it stopped). */
  progress(report: Report): void;
}

const realWorkspace = (reportPath: string, testFiles: readonly string[]): Workspace => ({
  read: (path) => readFileSync(path, 'utf8'),
  write: (path, text) => writeFileSync(path, text),
  testsFail: (path) => vitestFails(path, testFiles),
  log: (line) => console.log(line),
  progress: (report) => writeFileSync(reportPath, JSON.stringify(report)),
});

/** Marks killed, in `report`, each re-checked mutant whose tests fail once it is applied, survived a time-out whose tests pass; the files end as they were. */
export function recheckReport(report: Report, workspace: Workspace): Report {
  for (const [path, file] of Object.entries(report.files)) {
    const candidates = file.mutants.filter((mutant) => RECHECKED.has(mutant.status) && !settled(mutant));
    if (candidates.length === 0) continue;
    const original = workspace.read(path);
    if (original !== file.source) {
      workspace.log(`${path}: the file changed since the report was made; run Stryker again first.`);
      continue;
    }
    let killed = 0;
    try {
      for (const mutant of candidates) {
        workspace.write(path, applyMutant(original, mutant));
        const failed = workspace.testsFail(path);
        workspace.write(path, original);
        const was = mutant.status;
        if (failed) {
          mutant.status = 'Killed';
          mutant.statusReason = RECHECK_REASON;
          killed += 1;
        } else if (was === 'Timeout') {
          mutant.status = 'Survived';
          mutant.statusReason = TIMEOUT_SURVIVED;
        } else {
          mutant.statusReason = SURVIVED_BY_HAND;
        }
        workspace.progress(report);
        const where = `${path}:${mutant.location.start.line} ${mutant.mutatorName} → ${JSON.stringify(mutant.replacement).slice(0, 60)}`;
        workspace.log(`${failed ? 'killed  ' : 'survived'} (was ${was}) ${where}`);
      }
    } finally {
      workspace.write(path, original);
    }
    workspace.log(`${path}: ${killed} of ${candidates.length} re-checked (survived, not covered, timed out) killed when applied by hand.`);
  }
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const testsAt = args.indexOf('--tests');
  const testFiles = testsAt >= 0 ? (args[testsAt + 1] ?? '').split(',').filter(Boolean) : [];
  const reports = args.filter((_, index) => testsAt < 0 || (index !== testsAt && index !== testsAt + 1));
  for (const reportPath of reports) {
    const report = recheckReport(JSON.parse(readFileSync(reportPath, 'utf8')) as Report, realWorkspace(reportPath, testFiles));
    writeFileSync(reportPath, JSON.stringify(report));
  }
}
