import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { PRIVATE_FILE_MODE } from '../../db/privateFiles';

/** A ZIP written to a file as it is fed, one entry at a time. */
export interface ZipArchive {
  /**
   * Adds one file. Resolves once the archive has read all of its bytes (the earlier entries are
   * written out by then, and the file's pace holds the reading back), so a caller that waits for
   * it before making the next entry holds one entry in memory, never the ZIP.
   */
  add(name: string, bytes: Uint8Array): Promise<void>;
  /** Writes the ZIP's directory and closes the file. */
  finish(): Promise<void>;
  /** Stops writing; the caller removes the partial file. */
  abort(): void;
}

/** Opens a new private file (0600, replacing a partial one left by an interrupted build) and writes a ZIP into it with yazl. */
export function openZipArchive(path: string, modified: Date): ZipArchive {
  const zip = new ZipFile();
  const file = createWriteStream(path, { mode: PRIVATE_FILE_MODE });
  const written = pipeline(zip.outputStream, file);
  let failure: Error | undefined;
  let rejectPending: ((error: Error) => void) | undefined;
  // An error of yazl or of the file ends the archive: the entry being added fails with it, and so does every later call.
  const fail = (error: unknown) => {
    failure ??= error instanceof Error ? error : new Error('the ZIP could not be written');
    rejectPending?.(failure);
  };
  zip.on('error', fail);
  written.catch(fail);

  return {
    add(name, bytes) {
      if (failure) return Promise.reject(failure);
      return new Promise<void>((resolve, reject) => {
        rejectPending = reject;
        const source = Readable.from(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { objectMode: false });
        source.once('error', fail);
        source.once('end', () => {
          rejectPending = undefined;
          resolve();
        });
        zip.addReadStreamLazy(name, { mtime: modified, size: bytes.byteLength }, (callback) => callback(null, source));
      });
    },
    async finish() {
      if (failure) throw failure;
      zip.end();
      await written;
    },
    abort() {
      file.destroy();
    },
  };
}
