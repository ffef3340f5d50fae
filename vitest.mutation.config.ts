import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The tests Stryker runs against mutated machines (npm run test:mutation): the machines' own
 * tests, without the bundle-size check (an esbuild build per run, it kills no mutant).
 *
 * MUTATION_TESTS (comma-separated test files) narrows them to a machine's own tests: every mutant
 * of a machine definition is static (built on import), so without it each one reruns every test
 * importing the root machine. The score is then a floor: a related test might kill more.
 */
const narrowed = process.env.MUTATION_TESTS?.split(',').filter(Boolean);

// Spread, not mergeConfig: mergeConfig appends to the base's include, which ran every test.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: narrowed?.length ? narrowed : ['test/machines/**/*.test.ts'],
    exclude: ['test/machines/bundleWeight.test.ts', 'node_modules/**'],
    // Workers as threads of Stryker's runner process: a mutant that loops forever gets the runner
    // killed, and forked workers outlived it, each spinning a core until the machine stalled.
    pool: 'threads',
  },
});
