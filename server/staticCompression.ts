import { gzipAsync } from '@gfx/zopfli';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

/**
 * The built front end is compressed once, at build time, as hard as each format allows (Zopfli
 * for gzip, quality 11 for Brotli), and served as those files: every browser downloads the
 * smallest bytes it can read, and the server spends no CPU per request on it.
 */
export const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;

/** Best first: the first one the browser accepts and the build wrote wins. */
export const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

const brotli = promisify(brotliCompress);

async function compressFile(path: string): Promise<void> {
  const source = await readFile(path);
  const [gzip, br] = await Promise.all([
    gzipAsync(source, { numiterations: 15 }),
    brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
  ]);
  // A tiny file can grow: then the plain file is what anyone gets.
  if (gzip.length < source.length) await writeFile(path + '.gz', gzip);
  if (br.length < source.length) await writeFile(path + '.br', br);
}

/** Writes `<file>.gz` and `<file>.br` beside each compressible file of the build (source maps aside). */
export async function precompressBuild(outDir: string, files: readonly string[]): Promise<void> {
  await Promise.all(files.filter((file) => COMPRESSIBLE.test(file)).map((file) => compressFile(join(outDir, file))));
}

/** The encoding to serve from the request's Accept-Encoding (q=0 refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): (typeof ENCODINGS)[number] | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  return ENCODINGS.find((encoding) => (accepted.get(encoding.name) ?? wildcard ?? 0) > 0);
}
