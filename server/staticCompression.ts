import { gzipAsync } from '@gfx/zopfli';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { ENCODINGS } from './http/contentEncoding.ts';

/**
 * The built front end is compressed once, at build time, as hard as each format allows (Zopfli
 * for gzip, quality 11 for Brotli), and served as those files: every browser downloads the
 * smallest bytes it can read, and the server spends no CPU per request on it.
 *
 * Compressing that hard takes half a minute for the whole build, so each result is kept in a
 * cache by the file's content: a build repeats the work only for the files that changed. A kept
 * result is used only if it decodes to the very file, so a damaged cache costs time, never bytes.
 */
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;
/** Part of every cache key: a change of how files are compressed makes every kept result stale. */
const SETTINGS = 'zopfli-15/brotli-11';
/** Kept results not used for this long are removed at the next build. */
const CACHE_DAYS = 30;
const DEFAULT_CACHE = fileURLToPath(new URL('../node_modules/.cache/admissions-precompress/', import.meta.url));

const brotli = promisify(brotliCompress);
const extensionOf = (name: (typeof ENCODINGS)[number]['name']) => ENCODINGS.find((encoding) => encoding.name === name)!.extension;

const FORMATS = [
  {
    extension: extensionOf('gzip'),
    make: (source: Buffer) => gzipAsync(source, { numiterations: 15 }),
    decode: (bytes: Buffer) => gunzipSync(bytes),
  },
  {
    extension: extensionOf('br'),
    make: (source: Buffer) =>
      brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
    decode: (bytes: Buffer) => brotliDecompressSync(bytes),
  },
] as const;

type Format = (typeof FORMATS)[number];

const decodesTo = (format: Format, bytes: Buffer, source: Buffer) => {
  try {
    return format.decode(bytes).equals(source);
  } catch {
    return false;
  }
};

/** The compressed file: kept from an earlier build when it decodes to this very source, made (and kept) otherwise. */
async function compressed(format: Format, source: Buffer, cacheDir: string): Promise<Buffer> {
  const key = createHash('sha256').update(`${SETTINGS}\0${format.extension}\0`).update(source).digest('hex');
  const path = join(cacheDir, key + format.extension);
  const kept = await readFile(path).catch(() => undefined);
  if (kept && decodesTo(format, kept, source)) {
    const now = new Date();
    await utimes(path, now, now).catch(() => undefined);
    return kept;
  }
  const made = Buffer.from(await format.make(source));
  // Written aside, then renamed: builds running at once never read half a file.
  const aside = `${path}.${randomUUID()}.tmp`;
  await writeFile(aside, made);
  await rename(aside, path);
  return made;
}

async function compressFile(path: string, cacheDir: string): Promise<void> {
  const source = await readFile(path);
  await Promise.all(
    FORMATS.map(async (format) => {
      const bytes = await compressed(format, source, cacheDir);
      // A tiny file can grow: then the plain file is what anyone gets.
      if (bytes.length < source.length) await writeFile(path + format.extension, bytes);
    }),
  );
}

/** Removes kept results no build has used for CACHE_DAYS, so the cache does not grow without end. */
async function pruneCache(cacheDir: string, now: number): Promise<void> {
  for (const name of await readdir(cacheDir)) {
    const path = join(cacheDir, name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs > CACHE_DAYS * 86_400_000) await rm(path, { force: true });
  }
}

/** Writes `<file>.gz` and `<file>.br` beside each compressible file of the build (source maps aside). */
export async function precompressBuild(outDir: string, files: readonly string[], cacheDir = DEFAULT_CACHE): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  await Promise.all(files.filter((file) => COMPRESSIBLE.test(file)).map((file) => compressFile(join(outDir, file), cacheDir)));
  await pruneCache(cacheDir, Date.now());
}
