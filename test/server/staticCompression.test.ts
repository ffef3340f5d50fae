import { mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressBuild } from '../../server/staticCompression';

/*
 * The build's compressed twins (`.gz`, `.br`) and the cache that keeps them between builds: a file
 * that did not change is not compressed again, and what the server sends always decodes to the file.
 */

const SOURCE = 'export const words = ' + JSON.stringify('application deadline '.repeat(3000)) + ';';

function build(cacheDir: string, source = SOURCE) {
  const dist = mkdtempSync(join(tmpdir(), 'admissions-compress-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app-abc.js'), source);
  writeFileSync(join(dist, 'assets', 'tiny-abc.js'), 'x');
  const twin = (extension: string) => readFileSync(join(dist, 'assets', `app-abc.js${extension}`));
  return { dist, run: () => precompressBuild(dist, ['assets/app-abc.js', 'assets/tiny-abc.js'], cacheDir), twin };
}

const cacheEntries = (cacheDir: string, extension: string) =>
  readdirSync(cacheDir)
    .filter((name) => name.endsWith(extension))
    .map((name) => join(cacheDir, name));

describe('the compressed twins of the build', () => {
  it('decode to the file itself, and a file that compression would make larger gets none', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'admissions-compress-cache-'));
    const { dist, run, twin } = build(cacheDir);
    await run();
    expect(gunzipSync(twin('.gz')).toString()).toBe(SOURCE);
    expect(brotliDecompressSync(twin('.br')).toString()).toBe(SOURCE);
    expect(twin('.br').length).toBeLessThan(SOURCE.length / 10);
    expect(existsSync(join(dist, 'assets', 'tiny-abc.js.gz'))).toBe(false);
    expect(existsSync(join(dist, 'assets', 'tiny-abc.js.br'))).toBe(false);
  });

  it('are taken from the cache when the same file is built again, not compressed again', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'admissions-compress-cache-'));
    await build(cacheDir).run();
    // Other valid encodings of the same bytes put in the cache's place: a second build that sends
    // exactly these took them from the cache.
    const [gzipEntry] = cacheEntries(cacheDir, '.gz').filter((path) => gunzipSync(readFileSync(path)).toString() === SOURCE);
    const [brotliEntry] = cacheEntries(cacheDir, '.br').filter((path) => brotliDecompressSync(readFileSync(path)).toString() === SOURCE);
    const quickGzip = gzipSync(SOURCE, { level: 1 });
    const quickBrotli = brotliCompressSync(SOURCE, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    writeFileSync(gzipEntry!, quickGzip);
    writeFileSync(brotliEntry!, quickBrotli);

    const again = build(cacheDir);
    await again.run();
    expect(again.twin('.gz').equals(quickGzip)).toBe(true);
    expect(again.twin('.br').equals(quickBrotli)).toBe(true);

    // A changed file is compressed anew.
    const changed = build(cacheDir, `${SOURCE}\nexport const more = 1;`);
    await changed.run();
    expect(gunzipSync(changed.twin('.gz')).toString()).toBe(`${SOURCE}\nexport const more = 1;`);
  });

  it('never sends a damaged cache entry: one that does not decode to the file is made again', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'admissions-compress-cache-'));
    await build(cacheDir).run();
    for (const path of [...cacheEntries(cacheDir, '.gz'), ...cacheEntries(cacheDir, '.br')]) writeFileSync(path, 'not compressed at all');
    const again = build(cacheDir);
    await again.run();
    expect(gunzipSync(again.twin('.gz')).toString()).toBe(SOURCE);
    expect(brotliDecompressSync(again.twin('.br')).toString()).toBe(SOURCE);
  });

  it('forgets what no build has used for 30 days, and keeps what was used since', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'admissions-compress-cache-'));
    const stale = join(cacheDir, `${'0'.repeat(64)}.gz`);
    writeFileSync(stale, 'old');
    const longAgo = new Date(Date.now() - 31 * 86_400_000);
    utimesSync(stale, longAgo, longAgo);
    await build(cacheDir).run();
    const kept = readdirSync(cacheDir);
    expect(kept).not.toContain(`${'0'.repeat(64)}.gz`);
    // Used by this build: the twins of the file, and the tiny file's (kept though never sent).
    expect(kept.filter((name) => name.endsWith('.gz'))).toHaveLength(2);
    expect(kept.filter((name) => name.endsWith('.br'))).toHaveLength(2);
  });
});
