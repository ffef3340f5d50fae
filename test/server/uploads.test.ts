import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropStaleUploadSlots, findUploadSlot } from '../../db/documents';
import { MAX_OPEN_UPLOADS, UPLOAD_POLICY_TTL_MS } from '../../server/documents/documentService';
import { DOCUMENT_MESSAGES } from '../../server/documents/messages';
import { FILE_MAX_BYTES, FILE_MESSAGES } from '../../src/catalogue/limits';
import { DOC_KEY, presign, upload, waitFor, type PostPolicy, type Presigned } from './helpers/documents';
import { makeDocxBomb, makeDocxWithLongXml, makePng, makeZip } from './helpers/files';
import { ANY_REQUEST_ID, signUpAndLogIn, startTestServer, type TestClient, type TestServer } from './helpers/testServer';

let server: TestServer;
let counter = 0;
const newApplicant = () => signUpAndLogIn(server, `upload.${++counter}@example.org`);
const png = () => ({ bytes: makePng(20, 10), name: 'scan.png', type: 'image/png' });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

/** Nothing may be written for a refused upload. */
async function expectNothingStored(presigned: Presigned) {
  expect(await server.store.get(presigned.fields.key!)).toBeUndefined();
}

/** The refusal the browser could not read (no-cors) comes back with the conversion request. */
async function expectConversionRefusal(client: TestClient, presigned: Presigned, message: string, fileName = 'scan.png') {
  const response = await client.post(`/api/pdf/document-answer/${DOC_KEY}`, { file_key: presigned.fields.key, file_name: fileName });
  expect(response).toMatchObject({ status: 400, body: { message } });
}

describe('presigned POST', () => {
  it('gives S3-style fields: a server-made key under the applicant’s own prefix, a signed policy with expiry, size range and prefix', async () => {
    const client = await newApplicant();
    const presigned = await presign(client);
    // A path, not PUBLIC_URL (http://admissions.test): the page posts to the address it was opened at.
    expect(presigned.url).toBe('/files/upload');
    expect(Object.keys(presigned.fields).sort()).toEqual([
      'key',
      'policy',
      'x-amz-algorithm',
      'x-amz-credential',
      'x-amz-date',
      'x-amz-signature',
    ]);
    expect(presigned.fields.key).toMatch(new RegExp(`^applicants/[A-Za-z0-9_-]{22}/uploads/${DOC_KEY}/[A-Za-z0-9_-]{22}$`));
    const policy = JSON.parse(Buffer.from(presigned.fields.policy!, 'base64').toString()) as PostPolicy;
    expect(Date.parse(policy.expiration) - server.clock.now()).toBe(UPLOAD_POLICY_TTL_MS);
    expect(policy.conditions).toContainEqual(['content-length-range', 1, FILE_MAX_BYTES]);
    const prefix = policy.conditions.find(
      (condition): condition is [string, string, string] => Array.isArray(condition) && condition[0] === 'starts-with',
    );
    expect(presigned.fields.key!.startsWith(prefix![2])).toBe(true);
    // Two applicants never share a prefix.
    const other = await presign(await newApplicant());
    expect(other.fields.key!.split('/')[1]).not.toBe(presigned.fields.key!.split('/')[1]);

    expect(await upload(server, presigned, png())).toMatchObject({ status: 204 });
    expect((await server.store.get(presigned.fields.key!))?.length).toBe(png().bytes.length);
  });

  it('is only for logged-in applicants and document questions', async () => {
    expect((await server.client().post('/api/presigned-url', { answer_key: DOC_KEY })).status).toBe(401);
    const client = await newApplicant();
    const response = await client.post('/api/presigned-url', { answer_key: 'first_name' });
    expect(response).toMatchObject({ status: 400, body: { message: DOCUMENT_MESSAGES.unknownQuestion('first_name') } });
    expect((await client.post('/api/presigned-url', {})).status).toBe(400);
  });
});

describe('uploads refused', () => {
  it('a forged policy (its limits changed) or a forged signature', async () => {
    const client = await newApplicant();
    const presigned = await presign(client);
    const policy = JSON.parse(Buffer.from(presigned.fields.policy!, 'base64').toString()) as PostPolicy;
    policy.conditions = policy.conditions.map((condition: unknown) =>
      Array.isArray(condition) && condition[0] === 'content-length-range' ? ['content-length-range', 1, 50 * 1024 * 1024] : condition,
    );
    const forgedPolicy = { policy: Buffer.from(JSON.stringify(policy)).toString('base64') };
    expect(await upload(server, presigned, png(), { fields: forgedPolicy })).toEqual({
      status: 403,
      body: { message: DOCUMENT_MESSAGES.uploadForbidden, request_id: ANY_REQUEST_ID },
    });
    const signature = presigned.fields['x-amz-signature']!;
    const forgedSignature = { 'x-amz-signature': (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1) };
    expect(await upload(server, presigned, png(), { fields: forgedSignature })).toEqual({
      status: 403,
      body: { message: DOCUMENT_MESSAGES.uploadForbidden, request_id: ANY_REQUEST_ID },
    });
    await expectNothingStored(presigned);
  });

  it('an expired policy', async () => {
    const client = await newApplicant();
    const presigned = await presign(client);
    const before = server.clock.now();
    server.clock.advance(UPLOAD_POLICY_TTL_MS + 1);
    try {
      expect(await upload(server, presigned, png())).toEqual({
        status: 403,
        body: { message: DOCUMENT_MESSAGES.uploadExpired, request_id: ANY_REQUEST_ID },
      });
    } finally {
      server.clock.set(before);
    }
    await expectNothingStored(presigned);
  });

  it('another applicant’s key prefix, with one’s own policy or with one’s own session', async () => {
    const victim = await newApplicant();
    const attacker = await newApplicant();
    const victimForm = await presign(victim);
    const attackerForm = await presign(attacker);
    // The attacker's valid policy does not cover the victim's key.
    const swapped = await upload(server, attackerForm, png(), { fields: { key: victimForm.fields.key! } });
    expect(swapped).toEqual({ status: 403, body: { message: DOCUMENT_MESSAGES.uploadForbidden, request_id: ANY_REQUEST_ID } });
    // Nor may a session upload into a slot that is not its own, even with the victim's form.
    expect((await upload(server, victimForm, png(), { client: attacker })).status).toBe(403);
    await expectNothingStored(victimForm);
    // The victim's key is not the attacker's to convert either: answered as if it did not exist.
    expect(await upload(server, victimForm, png())).toMatchObject({ status: 204 });
    const stolen = await attacker.post(`/api/pdf/document-answer/${DOC_KEY}`, { file_key: victimForm.fields.key, file_name: 'scan.png' });
    expect(stolen).toEqual(
      expect.objectContaining({ status: 404, body: { message: DOCUMENT_MESSAGES.uploadNotFound, request_id: ANY_REQUEST_ID } }),
    );
  });

  it('more than 1 MB, just over the limit or far beyond it', async () => {
    const client = await newApplicant();
    const justOver = await presign(client);
    const bytes = Buffer.concat([makePng(4, 4), Buffer.alloc(FILE_MAX_BYTES)]);
    expect(await upload(server, justOver, { bytes, name: 'big.png' })).toEqual({
      status: 413,
      body: { message: FILE_MESSAGES.tooLarge, request_id: ANY_REQUEST_ID },
    });
    await expectNothingStored(justOver);
    await expectConversionRefusal(client, justOver, FILE_MESSAGES.tooLarge, 'big.png');

    const farBeyond = await presign(client);
    const huge = await upload(server, farBeyond, { bytes: Buffer.alloc(5 * FILE_MAX_BYTES, 7), name: 'huge.png' });
    expect(huge).toEqual({ status: 413, body: { message: FILE_MESSAGES.tooLarge, request_id: ANY_REQUEST_ID } });
    await expectNothingStored(farBeyond);
    expect(findUploadSlot(server.db, farBeyond.fields.key!)?.refusal).toBe(FILE_MESSAGES.tooLarge);
  });

  it('an empty file', async () => {
    const client = await newApplicant();
    const presigned = await presign(client);
    expect(await upload(server, presigned, { bytes: new Uint8Array(0), name: 'empty.png' })).toEqual({
      status: 400,
      body: { message: FILE_MESSAGES.empty, request_id: ANY_REQUEST_ID },
    });
    await expectNothingStored(presigned);
    await expectConversionRefusal(client, presigned, FILE_MESSAGES.empty, 'empty.png');
  });

  it('a name over 32 characters, at the upload and at the conversion request', async () => {
    const client = await newApplicant();
    const longName = `${'a'.repeat(29)}.png`;
    expect(longName).toHaveLength(33);
    const presigned = await presign(client);
    expect(await upload(server, presigned, { ...png(), name: longName })).toEqual({
      status: 400,
      body: { message: FILE_MESSAGES.nameTooLong, request_id: ANY_REQUEST_ID },
    });
    await expectNothingStored(presigned);

    const accepted = await presign(client);
    expect((await upload(server, accepted, png())).status).toBe(204);
    const response = await client.post(`/api/pdf/document-answer/${DOC_KEY}`, { file_key: accepted.fields.key, file_name: longName });
    expect(response).toMatchObject({ status: 400, body: { message: FILE_MESSAGES.nameTooLong } });
    const wrongType = await client.post(`/api/pdf/document-answer/${DOC_KEY}`, { file_key: accepted.fields.key, file_name: 'scan.exe' });
    expect(wrongType).toMatchObject({ status: 400, body: { message: FILE_MESSAGES.wrongType } });
  });

  it('a name with bidirectional or other control characters, at the upload and at the conversion request', async () => {
    const client = await newApplicant();
    // U+202E shows "cv\u202excod.pdf" as if it ended in another type; each of these hides or reorders what staff read.
    const names = [
      'cv\u202excod.pdf',
      'a\u202Ab.pdf',
      'a\u2066b.pdf',
      'a\u2069b.pdf',
      'a\u200Eb.pdf',
      'a\u200Fb.pdf',
      'a\u061Cb.pdf',
      'a\tb.pdf',
      'a\nb.pdf',
    ];
    const presigned = await presign(client);
    expect(await upload(server, presigned, { ...png(), name: 'cv\u202egnp.pdf' })).toEqual({
      status: 400,
      body: { message: DOCUMENT_MESSAGES.fileNameCharacters, request_id: ANY_REQUEST_ID },
    });
    await expectNothingStored(presigned);
    const accepted = await presign(client);
    expect((await upload(server, accepted, png())).status).toBe(204);
    for (const fileName of names) {
      const response = await client.post(`/api/pdf/document-answer/${DOC_KEY}`, { file_key: accepted.fields.key, file_name: fileName });
      expect(response, JSON.stringify(fileName)).toMatchObject({ status: 400, body: { message: DOCUMENT_MESSAGES.fileNameCharacters } });
    }
    expect((await client.get('/api/document-answer')).body).toEqual({});
  });

  it('a .png that is really a zip (the type comes from the bytes, not the name)', async () => {
    const client = await newApplicant();
    const presigned = await presign(client);
    const zip = makeZip([{ name: 'notes.txt', data: Buffer.from('not a picture') }]);
    expect(await upload(server, presigned, { bytes: zip, name: 'photo.png', type: 'image/png' })).toEqual({
      status: 400,
      body: { message: FILE_MESSAGES.wrongType, request_id: ANY_REQUEST_ID },
    });
    await expectNothingStored(presigned);
    const text = await presign(client);
    expect(await upload(server, text, { bytes: Buffer.from('plain text, really'), name: 'essay.pdf' })).toMatchObject({ status: 400 });
  });

  it('a docx whose zip would unpack to more than 50 MB', async () => {
    const client = await newApplicant();
    const presigned = await presign(client);
    const bomb = makeDocxBomb(60);
    expect(bomb.length).toBeLessThan(FILE_MAX_BYTES);
    expect(await upload(server, presigned, { bytes: bomb, name: 'essay.docx' })).toEqual({
      status: 400,
      body: { message: DOCUMENT_MESSAGES.docxTooLarge, request_id: ANY_REQUEST_ID },
    });
    await expectNothingStored(presigned);
    await expectConversionRefusal(client, presigned, DOCUMENT_MESSAGES.docxTooLarge, 'essay.docx');
  });

  it('a 150 KB docx whose XML unpacks to 45 MB: refused at once with what to do, nothing stored, no conversion to retry', async () => {
    const client = await newApplicant();
    const presigned = await presign(client);
    const long = makeDocxWithLongXml(45);
    expect(await upload(server, presigned, { bytes: long, name: 'essay.docx' })).toEqual({
      status: 400,
      body: { message: DOCUMENT_MESSAGES.docxXmlTooLarge, request_id: ANY_REQUEST_ID },
    });
    await expectNothingStored(presigned);
    await expectConversionRefusal(client, presigned, DOCUMENT_MESSAGES.docxXmlTooLarge, 'essay.docx');
    expect(
      server.db
        .prepare(
          "SELECT COUNT(*) AS n FROM jobs WHERE kind = 'convert_document' AND user_id = (SELECT user_id FROM upload_slots WHERE object_key = ?)",
        )
        .get(presigned.fields.key),
    ).toEqual({ n: 0 });
  });

  it('a malformed or unsigned form, and a second upload to a used key', async () => {
    const client = await newApplicant();
    const response = await fetch(`${server.url}/files/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: DOCUMENT_MESSAGES.uploadMalformed, request_id: ANY_REQUEST_ID });
    const presigned = await presign(client);
    const withoutPolicy = await upload(server, { ...presigned, fields: { key: presigned.fields.key! } }, png());
    expect(withoutPolicy).toEqual({ status: 400, body: { message: DOCUMENT_MESSAGES.uploadMalformed, request_id: ANY_REQUEST_ID } });

    expect((await upload(server, presigned, png())).status).toBe(204);
    expect(
      (await client.post(`/api/pdf/document-answer/${DOC_KEY}`, { file_key: presigned.fields.key, file_name: 'scan.png' })).status,
    ).toBe(202);
    expect(await upload(server, presigned, png())).toEqual({
      status: 409,
      body: { message: DOCUMENT_MESSAGES.uploadLinkUsed, request_id: ANY_REQUEST_ID },
    });
  });
});

describe('upload housekeeping', () => {
  it('limits the open upload forms of one applicant', async () => {
    const busy = await newApplicant();
    for (let form = 0; form < MAX_OPEN_UPLOADS; form++) await presign(busy);
    const refused = await busy.post('/api/presigned-url', { answer_key: DOC_KEY });
    expect(refused).toMatchObject({ status: 429, body: { message: DOCUMENT_MESSAGES.tooManyUploads } });
    expect((await (await newApplicant()).post('/api/presigned-url', { answer_key: DOC_KEY })).status).toBe(200);
  });

  it('removes files that were uploaded but never converted once their form is long expired', async () => {
    const client = await newApplicant();
    const presigned = await presign(client);
    expect((await upload(server, presigned, png())).status).toBe(204);
    const now = server.clock.now();
    expect(dropStaleUploadSlots(server.db, now, now)).toBe(0);
    expect(dropStaleUploadSlots(server.db, now + UPLOAD_POLICY_TTL_MS + 1, now)).toBeGreaterThanOrEqual(1);
    expect(findUploadSlot(server.db, presigned.fields.key!)).toBeUndefined();
    expect(
      await waitFor(
        () => server.store.get(presigned.fields.key!),
        (bytes) => bytes === undefined,
        10_000,
      ),
    ).toBeUndefined();
  });
});

describe('document calls with bad input', () => {
  it('say what is missing or wrong, one message per rule, before anything is looked up', async () => {
    const client = await newApplicant();
    const refused = (message: string) => ({ status: 400, body: { message, request_id: ANY_REQUEST_ID } });
    // The question: missing, of the wrong type, or not one that takes a document (in the body or the path).
    expect(await client.post('/api/presigned-url', {})).toMatchObject(refused(DOCUMENT_MESSAGES.unknownQuestion('')));
    expect(await client.post('/api/presigned-url', { answer_key: 5 })).toMatchObject(refused(DOCUMENT_MESSAGES.unknownQuestion('5')));
    expect(await client.post('/api/presigned-url', { answer_key: ['x'] })).toMatchObject(refused(DOCUMENT_MESSAGES.unknownQuestion('')));
    for (const [method, path] of [
      ['DELETE', '/api/document-answer/first_name'],
      ['DELETE', '/api/pdf/document-answer/first_name'],
      ['GET', '/api/pdf/document-answer/first_name'],
      ['POST', '/api/pdf/document-answer/first_name'],
    ] as const) {
      const response = await client.request(method, path, method === 'POST' ? { file_key: 5 } : undefined);
      expect(response, `${method} ${path}`).toMatchObject(refused(DOCUMENT_MESSAGES.unknownQuestion('first_name')));
    }
    // The conversion request: the file's key, then its name.
    const convert = (body: unknown) => client.post(`/api/pdf/document-answer/${DOC_KEY}`, body);
    for (const body of [{}, { file_key: '' }, { file_key: 5, file_name: 'scan.png' }]) {
      expect(await convert(body), JSON.stringify(body)).toMatchObject(refused(DOCUMENT_MESSAGES.fileKeyRequired));
    }
    for (const body of [{ file_key: 'k' }, { file_key: 'k', file_name: 5 }, { file_key: 'k', file_name: '  ' }]) {
      expect(await convert(body), JSON.stringify(body)).toMatchObject(refused(DOCUMENT_MESSAGES.fileNameRequired));
    }
    // Each field's first problem is named under the field too.
    expect((await convert({ file_key: 'k', file_name: `${'a'.repeat(40)}.exe` })).body).toMatchObject({
      message: FILE_MESSAGES.wrongType,
      errors: { file_name: [FILE_MESSAGES.wrongType] },
    });
    // A body that is not a JSON object is refused as such, whatever the path names.
    expect(await client.request('POST', '/api/pdf/document-answer/first_name', 'nope')).toMatchObject(
      refused('The request body is not valid JSON.'),
    );
    // Who is asking comes first: a visitor is asked to log in, an unknown staff link is refused, whatever the question.
    expect((await server.client().request('DELETE', '/api/document-answer/first_name')).status).toBe(401);
    expect(await server.client().get(`/service/pdf/document-answer/first_name?service_token=${'a'.repeat(20)}`)).toMatchObject({
      status: 403,
      body: { message: 'This staff link is invalid or has expired.' },
    });
  });
});
