import { readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * npm 11 runs a dependency's install script only when package.json's `allowScripts` names the
 * package (it warns today; a later npm skips them): better-sqlite3 compiles the database driver
 * there. Every package the lockfile marks as having an install script must be named, so
 * `npm install` / `npm ci` builds what the server needs (README, Two commands).
 */
const ROOT = normalize(join(import.meta.dirname, '..', '..'));
const readJson = (file: string): unknown => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));

describe('install scripts', () => {
  it('are allowed in package.json for every dependency that has one, the database driver first', () => {
    const lock = readJson('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts).toContain('better-sqlite3');
    const allowed = (readJson('package.json') as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
    expect(withScripts.filter((name) => allowed[name] !== true)).toEqual([]);
  });
});
