import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledListsSource } from '../../../src/catalogue/data/generate';

describe('compiled option lists', () => {
  it('match what i18n-iso-countries and provinces give (run `npm run data:generate` after upgrading them)', () => {
    const committed = readFileSync(join(import.meta.dirname, '../../../src/catalogue/data/compiledLists.ts'), 'utf8');
    expect(committed).toBe(compiledListsSource());
  });
});
