import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRow } from '../../db/jobs';
import { findUserByUsername } from '../../db/users';
import { ConversionRefused } from '../../server/documents/convert/conversionRefused';
import { DOCUMENT_MESSAGES } from '../../server/documents/messages';
import { createWorkerPool } from '../../server/jobs/workerPool';
import { DOC_KEY, DOCUMENT_LINK, uploadAndConvert } from './helpers/documents';
import { docxEntries, makeEncryptedPdf, makePng, makeZip } from './helpers/files';
import { signUpAndLogIn, startTestServer, type TestServer } from './helpers/testServer';

/** A completed conversion's status carries its PDF's download link (issue 13). */

/**
 * Issue 10, item 9: a job that failed on its input fails at once with the applicant's message;
 * a failure that may pass (a store or a thread gone for a moment) is tried again.
 */

/** A docx within the size limits whose XML is one dense run of empty paragraphs: mammoth needs well over 100 MB of heap for it. */
function heavyDocx(): Buffer {
  const body = '<w:p/>'.repeat(Math.floor((1.9 * 1024 * 1024) / 6));
  return makeZip(
    docxEntries(['Heavy']).map((entry) =>
      entry.name === 'word/document.xml'
        ? { ...entry, data: Buffer.from(entry.data.toString().replace('<w:body>', `<w:body>${body}`)) }
        : entry,
    ),
  );
}

describe('the worker pool', () => {
  it('refuses a file that runs a worker out of memory, with a message, instead of failing in a way that is retried; the next file converts', async () => {
    const pool = createWorkerPool({ size: 1, memoryLimitMb: 64 });
    try {
      const failure = await pool.run({ kind: 'docx', bytes: heavyDocx() }, 60_000).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ConversionRefused);
      expect((failure as ConversionRefused).userMessage).toBe(DOCUMENT_MESSAGES.tooComplex);
      expect((await pool.run({ kind: 'image', bytes: makePng(20, 20) }, 60_000)).length).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
  }, 60_000);
});

describe('the job runner', () => {
  let server: TestServer;
  /** Jobs the hook failed once, as a store that is briefly unreachable would. */
  const failedOnce = new Set<number>();
  const unreachableFor = new Set<number>();

  beforeAll(async () => {
    server = await startTestServer(
      {},
      {
        jobHooks: {
          beforeJob(job) {
            if (job.user_id !== null && unreachableFor.has(job.user_id) && !failedOnce.has(job.id)) {
              failedOnce.add(job.id);
              return Promise.reject(new Error('object store unreachable'));
            }
            return Promise.resolve();
          },
        },
      },
    );
  });
  afterAll(async () => {
    await server.stop();
  });

  const conversionJobOf = (userId: number) =>
    server.db.prepare("SELECT * FROM jobs WHERE kind = 'convert_document' AND user_id = ? ORDER BY id DESC LIMIT 1").get(userId) as JobRow;

  it('tries a transient failure again: the conversion completes on its second attempt', async () => {
    const username = 'retry.transient@example.org';
    const client = await signUpAndLogIn(server, username);
    const userId = findUserByUsername(server.db, username)!.id;
    unreachableFor.add(userId);
    const { final } = await uploadAndConvert(server, client, { bytes: makePng(30, 30), name: 'scan.png' });
    expect(final).toEqual({ status: 'completed', message: '', url: DOCUMENT_LINK });
    expect(conversionJobOf(userId)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('does not try again a job that failed on its input: failed after one attempt, with the applicant’s message', async () => {
    const username = 'retry.input@example.org';
    const client = await signUpAndLogIn(server, username);
    const userId = findUserByUsername(server.db, username)!.id;
    const { final } = await uploadAndConvert(server, client, { bytes: await makeEncryptedPdf(), name: 'locked.pdf' });
    expect(final).toEqual({ status: 'failed', message: DOCUMENT_MESSAGES.pdfEncrypted, url: null });
    expect(conversionJobOf(userId)).toMatchObject({ state: 'failed', attempts: 1, last_error: 'refused' });
    expect((await client.get(`/api/pdf/document-answer/${DOC_KEY}`)).body).toEqual({
      status: 'failed',
      message: DOCUMENT_MESSAGES.pdfEncrypted,
      url: null,
    });
  });
});
