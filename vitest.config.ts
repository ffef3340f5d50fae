import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    // Each file in a process of its own: server tests start servers, mock modules and change
    // process.env. Threads cost the same CPU here (measured in docs/testing.md).
    pool: 'forks',
    // At least two files at a time: Vitest's default (cores - 1) runs them one by one on a 2-core
    // machine, while a server test spends much of its time waiting on sockets, child processes and timers.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
