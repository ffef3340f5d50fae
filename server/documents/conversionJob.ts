import type { Db } from '../../db/connection';
import { completeConversion, failConversion } from '../../db/documentAnswers';
import { findApplication } from '../../db/applications';
import { findDocument, markConversionRunning, setConversionFailed, type DocumentFileType } from '../../db/documents';
import type { JobRow } from '../../db/jobs';
import type { Clock } from '../clock';
import type { JobHandler } from '../jobs/jobRunner';
import type { WorkerPool } from '../jobs/workerPool';
import type { Logger } from '../log';
import type { ObjectStore } from '../storage/objectStore';
import type { ConversionConfig } from './conversionConfig';
import { ConversionRefused } from './convert/conversionRefused';
import { convertWithLibreOffice } from './convert/libreOffice';
import { inspectFileContent } from './fileRules';
import { DOCUMENT_MESSAGES } from './messages';
import { newConvertedKey } from './objectKeys';

export interface ConversionDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  store: ObjectStore;
  pool: WorkerPool;
  secret: Buffer;
  conversion: ConversionConfig;
}

/**
 * One 'convert_document' job: the uploaded file becomes a PDF kept next to it. The job names the
 * document's generation; if the applicant replaced or deleted the document meanwhile, the result
 * is thrown away instead of overwriting the newer state.
 */
export function conversionJobHandler(deps: ConversionDeps): JobHandler {
  const { db, clock, store, pool } = deps;
  if (deps.conversion.unsandboxedLibreOffice) {
    deps.logger.warn('libreoffice_not_sandboxed', {
      soffice: deps.conversion.unsandboxedLibreOffice,
      docx: 'js',
      fix: 'install bubblewrap (bwrap) or util-linux unshare, allowed to create namespaces',
    });
  }

  async function convert(type: DocumentFileType, bytes: Buffer, signal: AbortSignal): Promise<Uint8Array> {
    const timeout = deps.conversion.timeoutMs;
    if (type === 'png' || type === 'jpeg') return pool.run({ kind: 'image', bytes }, timeout);
    if (type === 'pdf') return pool.run({ kind: 'pdf', bytes }, timeout);
    // The zip is checked (size, entries) and sanitised (nothing that fetches or reads elsewhere) before any converter opens it.
    const sanitised = Buffer.from(await pool.run({ kind: 'docx-check', bytes }, timeout));
    const { libreOffice, sandbox } = deps.conversion;
    if (libreOffice && sandbox) {
      try {
        const converted = await convertWithLibreOffice(libreOffice, sandbox, sanitised, { timeoutMs: timeout, signal });
        return await pool.run({ kind: 'pdf', bytes: converted }, timeout);
      } catch (error) {
        if (signal.aborted || deps.conversion.docxConverter === 'libreoffice') throw error;
        deps.logger.warn('libreoffice_fallback', { error: error instanceof Error ? error.message.slice(0, 200) : 'unknown' });
      }
    }
    return pool.run({ kind: 'docx', bytes: sanitised }, timeout);
  }

  /**
   * A submitted application gains no document: a conversion still open at submission fails with
   * a message and leaves the answers as they were submitted. True when it was refused.
   */
  function refuseAfterSubmission(userId: number, answerKey: string, generation: number): boolean {
    if (findApplication(db, userId)?.submitted_at == null) return false;
    db.transaction(() =>
      setConversionFailed(db, userId, answerKey, generation, DOCUMENT_MESSAGES.arrivedAfterSubmission, clock.now()),
    ).immediate();
    return true;
  }

  return {
    async run(job: JobRow, signal: AbortSignal) {
      const userId = job.user_id!;
      const answerKey = job.answer_key!;
      const generation = job.generation!;
      if (!markConversionRunning(db, userId, answerKey, generation, clock.now())) return;
      if (refuseAfterSubmission(userId, answerKey, generation)) return;
      const document = findDocument(db, userId, answerKey);
      const original = document?.original_key ? await store.get(document.original_key) : undefined;
      if (!original) throw new ConversionRefused(DOCUMENT_MESSAGES.uploadNotReceived);
      // Decided again from the bytes: with a bucket, nothing of ours saw the upload arrive.
      const verdict = await inspectFileContent(original);
      if (!verdict.ok) throw new ConversionRefused(verdict.message);
      const pdf = await convert(verdict.type, original, signal);
      if (signal.aborted) return;
      const convertedKey = newConvertedKey(deps.secret, userId, answerKey);
      await store.put(convertedKey, pdf, 'application/pdf');
      if (!completeConversion(db, { userId, answerKey, generation, convertedKey }, clock.now())) {
        await store.delete(convertedKey);
        refuseAfterSubmission(userId, answerKey, generation);
      }
    },
    giveUp(job, userMessage) {
      failConversion(
        db,
        {
          userId: job.user_id!,
          answerKey: job.answer_key!,
          generation: job.generation!,
          message: userMessage ?? DOCUMENT_MESSAGES.conversionFailed,
        },
        clock.now(),
      );
    },
  };
}

/** 'delete_objects' jobs: files whose rows are already gone. */
export function deleteObjectsJobHandler(store: ObjectStore): JobHandler {
  return {
    async run(job) {
      const { keys } = JSON.parse(job.payload) as { keys?: unknown };
      for (const key of Array.isArray(keys) ? keys : []) if (typeof key === 'string') await store.delete(key);
    },
  };
}
