import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import strykerConfig from '../../stryker.config.mjs';
import { MUTATION_GROUPS } from '../../scripts/mutationGroups';

/** A glob of the configuration as a regular expression (only `**` and `*` are used there). */
const globPattern = (glob: string) =>
  new RegExp(
    `^${glob
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\//g, '(?:.*/)?')
      .replace(/\*\*/g, '.*')
      .replace(/\*/g, '[^/]*')}$`,
  );

/** The files Stryker's configuration mutates (its globs, `!` excluding). */
function mutatedFiles(): string[] {
  const patterns = strykerConfig.mutate;
  const included = patterns.filter((pattern) => !pattern.startsWith('!')).map(globPattern);
  const excluded = patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => globPattern(pattern.slice(1)));
  return readdirSync('machines', { recursive: true, encoding: 'utf8' })
    .map((file) => `machines/${file}`)
    .filter((file) => included.some((pattern) => pattern.test(file)) && !excluded.some((pattern) => pattern.test(file)))
    .sort();
}

describe('mutation groups (npm run test:mutation)', () => {
  it('put every file Stryker mutates in exactly one group, so the overall score covers machines/', () => {
    const grouped = MUTATION_GROUPS.flatMap((group) => group.files);
    expect([...grouped].sort()).toEqual(mutatedFiles());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('name test files that exist, and group names that are unique', () => {
    for (const group of MUTATION_GROUPS) for (const test of group.tests) expect(existsSync(test), test).toBe(true);
    const names = MUTATION_GROUPS.map((group) => group.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
