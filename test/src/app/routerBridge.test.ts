import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/*
 * docs/behaviour.md "Routes": the navigation actor is the one source of truth for where the applicant may be.
 * The router's bridge is the only code that moves the router or writes the history; everything
 * else asks the navigation actor (or is the router's own Link, which the bridge reports).
 */
describe('who moves the router', () => {
  const files = [...sources('src'), ...sources('machines')];

  it("only the bridges (the applicants' to the navigation actor, the console's to its list actor) call navigate()", () => {
    const moving = files.filter((file) => /\buseNavigate\b|<Navigate\b/.test(readFileSync(join(root, file), 'utf8')));
    expect(moving.sort()).toEqual(['src/app/NavigationBridge.tsx', 'src/console/ConsoleAddressBridge.tsx']);
  });

  it('no code writes the browser history itself', () => {
    const writing = files.filter((file) =>
      /history\.(pushState|replaceState|back|forward|go)\(|location\.(assign|replace)\(/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(writing).toEqual([]);
  });
});
