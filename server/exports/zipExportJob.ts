import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/connection';
import { listDocuments } from '../../db/documents';
import type { JobRow } from '../../db/jobs';
import { ensurePrivateFolder } from '../../db/privateFiles';
import {
  completeZipExport,
  findZipExport,
  nextZipExportItems,
  recordZipExportFailure,
  recordZipExportProgress,
  restartZipExport,
  type ZipExportItem,
} from '../../db/zipExports';
import { referenceOf } from '../../src/catalogue/reference';
import type { Clock } from '../clock';
import type { JobHandler } from '../jobs/jobRunner';
import type { Logger } from '../log';
import type { CopyRenderer } from '../pdf/copyJob';
import type { ObjectStore } from '../storage/objectStore';
import { openZipArchive, type ZipArchive } from './zipArchive';
import { applicationFileBase, documentFileName, uniqueNames } from './zipEntryNames';

/** Applications read from the export's list at a time. */
const PAGE_SIZE = 50;
const ZIP_README = 'README.txt';
const ZIP_NOT_INCLUDED = 'NOT-INCLUDED.txt';

/** The finished ZIP's file: private, under DATA_DIR, named by its job only. */
const zipExportFile = (folder: string, jobId: number) => join(folder, `zip-${jobId}.zip`);

function readme(filter: string, includeDocuments: boolean, total: number, madeAt: number): string {
  return [
    `Applications: ${total}, chosen by the filter ${filter}.`,
    `Made ${new Date(madeAt).toISOString()}.`,
    '',
    "Each application's PDF copy is named after its reference number and the applicant's last and first names.",
    'An application not submitted yet is named NOT-SUBMITTED and its number: its copy shows the answers given so far.',
    'Sensitive answers (such as a social security number) are masked, as staff see them.',
    includeDocuments
      ? 'Each uploaded document is the PDF it was converted to, named after its application and its question.'
      : 'Uploaded documents are not included (each copy appends them).',
    `Anything that could not be included is listed in ${ZIP_NOT_INCLUDED}.`,
    '',
  ].join('\r\n');
}

/**
 * One 'build_zip' job: the PDF copy of every application the export chose (the stored one, or a
 * new one rendered as the applicant's download would), and its converted documents when asked,
 * written one entry at a time into a private file, the progress recorded after each application.
 * A restart builds the ZIP again from the start. What could not be included is listed in the ZIP,
 * never left out silently.
 */
export function zipExportJobHandler(deps: {
  db: Db;
  clock: Clock;
  logger: Logger;
  store: ObjectStore;
  copies: CopyRenderer;
  /** The folder of the ZIP files (under DATA_DIR). */
  folder: string;
}): JobHandler {
  const { db, clock, store } = deps;

  async function addApplication(
    archive: ZipArchive,
    item: ZipExportItem,
    options: { includeDocuments: boolean; name: (name: string) => string; notIncluded: string[]; signal: AbortSignal },
  ): Promise<void> {
    const reference = referenceOf(item.user_id, item.submitted_at);
    const base = applicationFileBase({ userId: item.user_id, reference, firstName: item.first_name, lastName: item.last_name });
    if (!item.present) {
      options.notIncluded.push(`${base}: the application no longer exists.`);
      return;
    }
    let copy: Buffer | undefined;
    try {
      copy = await deps.copies.current(item.user_id, options.signal);
    } catch (error) {
      deps.logger.warn('zip_copy_failed', { user: item.user_id, error: error instanceof Error ? error.name : 'unknown' });
    }
    if (options.signal.aborted) return;
    if (copy) await archive.add(options.name(`${base}.pdf`), copy);
    else options.notIncluded.push(`${base}: the PDF copy could not be made.`);
    if (!options.includeDocuments) return;
    for (const document of listDocuments(db, item.user_id)) {
      if (document.status === 'not answered') continue;
      const converted = document.status === 'completed' && document.converted_key ? await store.get(document.converted_key) : undefined;
      if (converted) await archive.add(options.name(documentFileName(base, document.answer_key)), converted);
      else options.notIncluded.push(`${base}: the document "${document.file_name}" (${document.status}) has no converted PDF.`);
    }
  }

  return {
    async run(job: JobRow, signal: AbortSignal) {
      const zipExport = findZipExport(db, job.id);
      if (!zipExport) return;
      restartZipExport(db, job.id);
      ensurePrivateFolder(deps.folder);
      const partial = `${zipExportFile(deps.folder, job.id)}.part`;
      const archive = openZipArchive(partial, new Date(clock.now()));
      const includeDocuments = zipExport.include_documents === 1;
      const options = { includeDocuments, name: uniqueNames(), notIncluded: [] as string[], signal };
      try {
        await archive.add(ZIP_README, Buffer.from(readme(zipExport.filter, includeDocuments, zipExport.total, clock.now())));
        let done = 0;
        for (let page = nextZipExportItems(db, job.id, 0, PAGE_SIZE); page.length > 0;) {
          for (const item of page) {
            await addApplication(archive, item, options);
            if (signal.aborted) throw new Error('stopped');
            recordZipExportProgress(db, job.id, ++done);
          }
          page = nextZipExportItems(db, job.id, page.at(-1)!.id, PAGE_SIZE);
        }
        if (options.notIncluded.length > 0) {
          await archive.add(options.name(ZIP_NOT_INCLUDED), Buffer.from([...options.notIncluded, ''].join('\r\n')));
        }
        await archive.finish();
        await rename(partial, zipExportFile(deps.folder, job.id));
        completeZipExport(
          db,
          job.id,
          { filePath: zipExportFile(deps.folder, job.id), notIncluded: options.notIncluded.length },
          clock.now(),
        );
      } catch (error) {
        archive.abort();
        await rm(partial, { force: true });
        throw error;
      }
    },
    giveUp(job) {
      recordZipExportFailure(db, job.id, clock.now());
    },
  };
}
