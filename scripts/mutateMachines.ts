// The mutation testing (npm run test:mutation), group by group (scripts/mutationGroups.ts):
// Stryker mutates a group's files against the group's own tests (MUTATION_TESTS narrows
// vitest.mutation.config.ts), the report is kept as reports/mutation/machines/<group>.json, the
// mutants Stryker could not settle are re-checked by hand against the same tests
// (scripts/recheckSurvivors.ts), and the scores of every report kept are printed
// (scripts/mutationScores.ts, which exits 1 when a target is missed).
//
//   npm run test:mutation                      every group
//   npm run test:mutation -- tabsMachine api   the named groups only (the others' reports stay)
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { MUTATION_GROUPS } from './mutationGroups';

const REPORT = 'reports/mutation/mutation.json';
const KEPT = 'reports/mutation/machines';

const named = process.argv.slice(2);
const unknown = named.filter((name) => !MUTATION_GROUPS.some((group) => group.name === name));
if (unknown.length > 0) {
  console.error(`No such group: ${unknown.join(', ')}. Groups: ${MUTATION_GROUPS.map((group) => group.name).join(', ')}.`);
  process.exit(2);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${String(result.status)}).`);
}

mkdirSync(KEPT, { recursive: true });
for (const group of MUTATION_GROUPS.filter((candidate) => named.length === 0 || named.includes(candidate.name))) {
  console.log(`\n== ${group.name}: ${group.files.join(', ')} against ${group.tests.length} test file(s)`);
  const tests = group.tests.join(',');
  run('npx', ['stryker', 'run', '--mutate', group.files.join(',')], { ...process.env, MUTATION_TESTS: tests });
  const kept = `${KEPT}/${group.name}.json`;
  copyFileSync(REPORT, kept);
  run(process.execPath, ['--import', 'tsx', 'scripts/recheckSurvivors.ts', kept, '--tests', tests]);
}
const scores = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/mutationScores.ts', KEPT], { stdio: 'inherit' });
process.exitCode = scores.status ?? 1;
