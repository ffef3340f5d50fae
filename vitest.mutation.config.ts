import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The tests Stryker runs against mutated machines (npm run test:mutation): the machines' own
 * tests, without the generated-paths CLI's (machines/paths is not mutated) nor the bundle-size
 * check (an esbuild build per run, it kills no mutant).
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: ['test/machines/**/*.test.ts'],
      exclude: ['test/machines/paths/**', 'test/machines/bundleWeight.test.ts', 'node_modules/**'],
    },
  }),
);
