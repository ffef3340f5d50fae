import { gzipAsync } from '@gfx/zopfli';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { ENCODINGS } from './http/contentEncoding.ts';

/**
 * The built front end is compressed once, at build time, as hard as each format allows (Zopfli
 * for gzip, quality 11 for Brotli), and served as those files: every browser downloads the
 * smallest bytes it can read, and the server spends no CPU per request on it.
 */
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;

const brotli = promisify(brotliCompress);
const extensionOf = (name: (typeof ENCODINGS)[number]['name']) => ENCODINGS.find((encoding) => encoding.name === name)!.extension;

async function compressFile(path: string): Promise<void> {
  const source = await readFile(path);
  const [gzip, br] = await Promise.all([
    gzipAsync(source, { numiterations: 15 }),
    brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
  ]);
  // A tiny file can grow: then the plain file is what anyone gets.
  if (gzip.length < source.length) await writeFile(path + extensionOf('gzip'), gzip);
  if (br.length < source.length) await writeFile(path + extensionOf('br'), br);
}

/** Writes `<file>.gz` and `<file>.br` beside each compressible file of the build (source maps aside). */
export async function precompressBuild(outDir: string, files: readonly string[]): Promise<void> {
  await Promise.all(files.filter((file) => COMPRESSIBLE.test(file)).map((file) => compressFile(join(outDir, file))));
}
