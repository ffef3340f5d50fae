import { expect } from 'vitest';
import type { TestClient, TestServer } from './testServer';

/** The question that takes a document in the catalogue. */
export const DOC_KEY = 'personal_statement_doc';
/** A completed conversion's download link: a signed, expiring ticket for the converted PDF. */
export const DOCUMENT_LINK: unknown = expect.stringMatching(/^\/files\/document\?ticket=/);

export interface Presigned {
  url: string;
  fields: Record<string, string>;
}

/** GET /api/pdf: the PDF copy's status, and its link once it is completed. */
export interface PdfCopyBody {
  status: string;
  url: string;
}

/** The POST policy of a presigned upload, as its `policy` field carries it (base64 of this JSON). */
export interface PostPolicy {
  expiration: string;
  conditions: unknown[];
}

export interface TestFile {
  bytes: Uint8Array;
  name: string;
  type?: string;
}

/** A link the page follows (a path, or an absolute URL such as a bucket's), sent to the test server's port. */
export function onServer(server: TestServer, url: string): string {
  const parsed = new URL(url, server.url);
  return server.url + parsed.pathname + parsed.search;
}

export async function presign(client: TestClient, answerKey = DOC_KEY): Promise<Presigned> {
  const response = await client.post<Presigned>('/api/presigned-url', { answer_key: answerKey });
  if (response.status !== 200) throw new Error(`presign failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** What machines/api/endpoints.ts uploadToPresignedUrl sends: the fields, then the file, as multipart. */
export async function upload(
  server: TestServer,
  presigned: Presigned,
  file: TestFile,
  options: { fields?: Record<string, string>; client?: TestClient } = {},
): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...presigned.fields, ...options.fields })) form.append(name, value);
  form.append('file', new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? 'application/octet-stream' }));
  const cookie = options.client ? [...options.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  const response = await fetch(onServer(server, presigned.url), { method: 'POST', body: form, headers: cookie ? { cookie } : {} });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  return { status: response.status, body };
}

export async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function waitForConversion(
  client: TestClient,
  key = DOC_KEY,
  timeoutMs = 30_000,
): Promise<{ status: string; message: string }> {
  return waitFor(
    async () => (await client.get<{ status: string; message: string }>(`/api/pdf/document-answer/${key}`)).body,
    (body) => body.status !== 'unprocessed' && body.status !== 'in progress',
    timeoutMs,
  );
}

/** Presign, upload and request the conversion, as the document actor does; returns the final status. */
export async function uploadAndConvert(server: TestServer, client: TestClient, file: TestFile, key = DOC_KEY) {
  const presigned = await presign(client, key);
  const uploaded = await upload(server, presigned, file);
  if (uploaded.status !== 204) throw new Error(`upload refused: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  const requested = await client.post(`/api/pdf/document-answer/${key}`, { file_key: presigned.fields.key, file_name: file.name });
  if (requested.status !== 202) throw new Error(`conversion refused: ${requested.status} ${JSON.stringify(requested.body)}`);
  return { presigned, final: await waitForConversion(client, key) };
}

/** The applicant's PDF copy once it is made, downloaded through its link as the page would. */
export async function pdfCopyOf(server: TestServer, client: TestClient): Promise<Buffer> {
  const copy = await waitFor(
    async () => (await client.get<PdfCopyBody>('/api/pdf')).body,
    (body) => body.status === 'completed' || body.status === 'failed',
  );
  expect(copy.status).toBe('completed');
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(onServer(server, copy.url), { headers: { cookie } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}
