import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yauzl from 'yauzl';
import { afterEach, describe, expect, it } from 'vitest';
import { openZipArchive } from '../../server/exports/zipArchive';

const MB = 1 << 20;
let folder: string;
afterEach(() => rmSync(folder, { recursive: true, force: true }));

function entryNames(zip: Buffer): Promise<{ name: string; size: number }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const entries: { name: string; size: number }[] = [];
      file.on('entry', (entry: yauzl.Entry) => {
        entries.push({ name: entry.fileName, size: entry.uncompressedSize });
        file.readEntry();
      });
      file.on('end', () => resolve(entries));
      file.readEntry();
    });
  });
}

describe('the ZIP archive of an export', () => {
  it('is written to its file as it is fed: each entry is on disk before the one after the next is taken', async () => {
    folder = mkdtempSync(join(tmpdir(), 'zip-archive-'));
    const path = join(folder, 'export.zip');
    const archive = openZipArchive(path, new Date('2026-11-28T12:00:00Z'));
    const onDisk: number[] = [];
    for (let index = 0; index < 6; index++) {
      // Random bytes do not compress: the file grows by about a megabyte an entry.
      await archive.add(`entry-${index}.bin`, randomBytes(MB));
      onDisk.push(statSync(path).size);
    }
    await archive.finish();
    // Once the n-th entry was taken, the n before it are written out but for what is still passing
    // through the stream buffers (tens of kilobytes), not held in memory.
    onDisk.forEach((size, index) => expect(size, `after entry ${index}`).toBeGreaterThanOrEqual(index * MB - 256 * 1024));
    expect(onDisk[5]).toBeGreaterThan(4 * MB);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(await entryNames(readFileSync(path))).toEqual(
      Array.from({ length: 6 }, (_, index) => ({ name: `entry-${index}.bin`, size: MB })),
    );
  });

  it('fails when its file cannot be written, at the latest when finished, and refuses every entry after that', async () => {
    folder = mkdtempSync(join(tmpdir(), 'zip-archive-'));
    const archive = openZipArchive(join(folder, 'missing', 'export.zip'), new Date());
    await archive.add('one.bin', randomBytes(1000)).catch(() => {});
    await expect(archive.finish()).rejects.toThrow(/ENOENT/);
    await expect(archive.add('two.bin', randomBytes(1000))).rejects.toThrow(/ENOENT/);
  });
});
