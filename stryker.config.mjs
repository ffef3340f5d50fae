/**
 * Mutation testing of the machines (issue 14): `npm run test:mutation` runs it, then
 * scripts/mutationScores.ts prints the score per machine file from the JSON report. Not part of
 * `npm test` nor .ci/run (it takes a long while on two cores). While improving one machine:
 * `npx stryker run --mutate machines/submitMachine.ts`.
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  // The machines' type-only modules: nothing in them to mutate.
  mutate: ['machines/**/*.ts', '!machines/coreEvents.ts', '!machines/events.ts', '!machines/routes.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  // Room for a busy two-core machine: a mutant whose tests merely ran slow would count as killed
  // (timed out), and each time-out restarts the test runner.
  timeoutMS: 10000,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
