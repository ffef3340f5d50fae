import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findApplication, submitApplication } from '../../db/applications';
import { findDocument } from '../../db/documents';
import { findUserByUsername } from '../../db/users';
import { DOCUMENT_MESSAGES } from '../../server/documents/messages';
import { completeApplication } from '../fixtures/completeApplication';
import { DOC_KEY, presign, upload, waitFor, waitForConversion } from './helpers/documents';
import { makePng } from './helpers/files';
import { signUpAndLogIn, startTestServer, type TestServer } from './helpers/testServer';
import type { Profile } from '../../machines/api/responses';

/**
 * A document still being converted is not part of a submission: the submit waits for it (409 with
 * what to do), and a conversion that would finish after a submission is not attached.
 */

let server: TestServer;
let counter = 0;
/** Conversions held before they run, released by the test. */
const held: { jobId: number; release(): void }[] = [];

beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      jobHooks: {
        beforeJob: (job, signal) =>
          job.kind !== 'convert_document'
            ? Promise.resolve()
            : new Promise<void>((resolve) => {
                held.push({ jobId: job.id, release: resolve });
                signal.addEventListener('abort', () => resolve(), { once: true });
              }),
      },
    },
  );
});
afterAll(async () => {
  for (const job of held) job.release();
  await server.stop();
});

/** A complete application whose document conversion has started and is held mid-way. */
async function applicantWithConversionRunning() {
  const username = `converting.${++counter}@example.org`;
  const client = await signUpAndLogIn(server, username);
  expect((await client.put('/api/answer', completeApplication)).status).toBe(200);
  const presigned = await presign(client);
  expect((await upload(server, presigned, { bytes: makePng(40, 40), name: 'statement.png' })).status).toBe(204);
  const before = held.length;
  const requested = await client.post(`/api/pdf/document-answer/${DOC_KEY}`, {
    file_key: presigned.fields.key,
    file_name: 'statement.png',
  });
  expect(requested.status).toBe(202);
  await waitFor(
    () => Promise.resolve(held.length),
    (count) => count > before,
    10_000,
  );
  expect(held).toHaveLength(before + 1);
  return { client, userId: findUserByUsername(server.db, username)!.id, job: held.at(-1)! };
}

describe('submitting while a document converts', () => {
  it('is refused with a message saying to wait; once the conversion completed, the submission goes through', async () => {
    const { client, userId, job } = await applicantWithConversionRunning();
    const refused = await client.post('/api/submit', {});
    expect(refused).toMatchObject({ status: 409, body: { message: DOCUMENT_MESSAGES.convertingAtSubmit } });
    expect(DOCUMENT_MESSAGES.convertingAtSubmit).toBe('Please wait until your document has finished uploading before you submit.');
    expect(findApplication(server.db, userId)?.submitted_at).toBeNull();

    job.release();
    expect((await waitForConversion(client)).status).toBe('completed');
    expect((await client.post('/api/submit', {})).status).toBe(200);
    expect((await client.get('/api/document-answer')).body).toMatchObject({ [DOC_KEY]: { status: 'completed' } });
  });

  it('a conversion that finishes after the application was submitted is not attached', async () => {
    const { client, userId, job } = await applicantWithConversionRunning();
    // However the submission got in first (an older server, a race), the document must not join it.
    const version = findApplication(server.db, userId)!.version;
    expect(submitApplication(server.db, userId, version, server.clock.now())).toBe('submitted');

    job.release();
    const final = await waitForConversion(client);
    expect(final).toEqual({ status: 'failed', message: DOCUMENT_MESSAGES.arrivedAfterSubmission, url: null });
    expect(findDocument(server.db, userId, DOC_KEY)?.converted_key).toBeNull();
    expect((await client.get<Profile>('/api/profile')).body.answer[DOC_KEY] ?? '').toBe('');
  });
});
