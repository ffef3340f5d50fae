import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createS3Store } from '../../server/storage/s3Store';
import { boundaryOf, parseMultipart } from '../../server/storage/multipart';
import { buildPostPolicy, verifyPostPolicy } from '../../server/storage/postPolicy';
import { isSafeObjectKey } from '../../server/storage/objectStore';
import { readStorageConfig } from '../../server/storage/storageConfig';
import type { PostPolicy } from './helpers/documents';

const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('POST policy', () => {
  const credentials = { accessKeyId: 'local-id', secretAccessKey: 'local-secret', region: 'local' };
  const presigning = buildPostPolicy({
    url: 'http://x/files/upload',
    bucket: 'local',
    key: 'applicants/abc/uploads/personal_statement_doc/r1',
    keyPrefix: 'applicants/abc/uploads/',
    minBytes: 1,
    maxBytes: 1024 * 1024,
    expiresAt: NOW + 60_000,
    now: NOW,
    credentials,
  });
  const verify = (fields: Record<string, string>, now = NOW) =>
    verifyPostPolicy(new Map(Object.entries(fields)), { bucket: 'local', credentials, now });

  it('holds the key, an expiry, the size range and the key prefix, signed', async () => {
    const presigned = await presigning;
    const policy = JSON.parse(Buffer.from(presigned.fields.policy!, 'base64').toString()) as PostPolicy;
    expect(policy.expiration).toBe(new Date(NOW + 60_000).toISOString());
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 1048576],
        ['starts-with', '$key', 'applicants/abc/uploads/'],
        { key: presigned.fields.key },
      ]),
    );
    expect(await verify(presigned.fields)).toEqual({ ok: true, key: presigned.fields.key, minBytes: 1, maxBytes: 1048576 });
  });

  it('refuses a changed policy, a changed key, a wrong signature, an extra field and an expired policy', async () => {
    const presigned = await presigning;
    const policy = JSON.parse(Buffer.from(presigned.fields.policy!, 'base64').toString()) as PostPolicy;
    policy.conditions[3] = ['content-length-range', 1, 100 * 1024 * 1024];
    const forged = Buffer.from(JSON.stringify(policy)).toString('base64');
    expect(await verify({ ...presigned.fields, policy: forged })).toMatchObject({ ok: false, problem: 'signature' });
    expect(await verify({ ...presigned.fields, key: 'applicants/other/uploads/personal_statement_doc/r1' })).toMatchObject({
      ok: false,
      problem: 'condition',
    });
    expect(await verify({ ...presigned.fields, 'x-amz-signature': '0'.repeat(64) })).toMatchObject({ ok: false, problem: 'signature' });
    expect(await verify({ ...presigned.fields, acl: 'public-read' })).toMatchObject({ ok: false, problem: 'condition' });
    expect(await verify(presigned.fields, NOW + 60_000)).toMatchObject({ ok: false, problem: 'expired' });
    expect(await verify({ key: 'k' })).toMatchObject({ ok: false, problem: 'malformed' });
  });
});

describe('multipart reader', () => {
  const boundary = 'XyZ';
  const body = (parts: string) => Buffer.from(parts.replaceAll('\n', '\r\n'), 'utf8');

  it('reads the fields, then the file, and ignores what follows the file', () => {
    const form = parseMultipart(
      body(
        `--XyZ\nContent-Disposition: form-data; name="key"\n\nabc/1\n--XyZ\nContent-Disposition: form-data; name="file"; filename="Nguyễn.png"\nContent-Type: image/png\n\nPNGDATA\n--XyZ\nContent-Disposition: form-data; name="late"\n\nx\n--XyZ--\n`,
      ),
      boundary,
    );
    expect(form.fields).toEqual(new Map([['key', 'abc/1']]));
    expect(form.file).toMatchObject({ fieldName: 'file', fileName: 'Nguyễn.png', contentType: 'image/png' });
    expect(form.file!.bytes.toString()).toBe('PNGDATA');
  });

  it('refuses repeated fields and unterminated parts', () => {
    const repeated = body(
      `--XyZ\nContent-Disposition: form-data; name="key"\n\na\n--XyZ\nContent-Disposition: form-data; name="key"\n\nb\n--XyZ--\n`,
    );
    expect(() => parseMultipart(repeated, boundary)).toThrow();
    expect(() => parseMultipart(body(`--XyZ\nContent-Disposition: form-data; name="key"\n\nabc`), boundary)).toThrow();
  });
});

describe('object keys', () => {
  it('accepts only keys we make', () => {
    expect(isSafeObjectKey('applicants/AbC-_1/uploads/personal_statement_doc/x_Y-z')).toBe(true);
    for (const bad of ['../secret.key', 'applicants/../../x', '/etc/passwd', 'a//b', 'a/b c', 'a/ü'])
      expect(isSafeObjectKey(bad), bad).toBe(false);
  });
});

interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const xmlError = (response: ServerResponse, status: number, code: string) =>
  response.writeHead(status, { 'content-type': 'application/xml' }).end(`<Error><Code>${code}</Code></Error>`);

/**
 * An S3-compatible bucket (path-style, like MinIO) on a loopback port. It checks every request's
 * SigV4 signature by signing it again with the AWS SDK's own signer and the credentials it expects,
 * and every browser upload's POST policy as the local store does. It also answers as an ECS task's
 * credentials endpoint.
 */
async function startFakeS3(bucket: string, region: string) {
  const objects = new Map<string, Buffer>();
  const state = {
    expected: { accessKeyId: 'id', secretAccessKey: 'secret' } as AwsCredentials,
    taskRole: undefined as { token: string; credentials: AwsCredentials } | undefined,
    credentialRequests: 0,
    refusals: [] as string[],
  };

  async function signatureProblem(request: IncomingMessage, url: URL, body: Buffer): Promise<string | undefined> {
    const authorization = request.headers.authorization ?? '';
    const parts =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/.exec(
        authorization,
      );
    if (!parts) return 'no SigV4 authorization';
    if (parts[1] !== state.expected.accessKeyId || parts[2] !== region) return 'unknown credential';
    if (request.headers['x-amz-security-token'] !== state.expected.sessionToken) return 'wrong session token';
    if (request.headers['x-amz-content-sha256'] !== sha256Hex(body)) return 'payload hash';
    const signedHeaders = parts[3]!.split(';');
    const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(String(request.headers['x-amz-date']));
    if (!date) return 'no x-amz-date';
    const signer = new SignatureV4({ service: 's3', region, credentials: state.expected, sha256: Sha256, uriEscapePath: false });
    const signed = await signer.sign(
      new HttpRequest({
        method: request.method,
        protocol: 'http:',
        hostname: url.hostname,
        port: Number(url.port),
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: Object.fromEntries(signedHeaders.map((name) => [name, String(request.headers[name])])),
        body,
      }),
      { signingDate: new Date(`${date[1]}-${date[2]}-${date[3]}T${date[4]}:${date[5]}:${date[6]}Z`) },
    );
    return signed.headers.authorization === authorization ? undefined : 'signature mismatch';
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url!, `http://${request.headers.host}`);
    if (url.pathname === '/task-credentials') {
      state.credentialRequests++;
      if (!state.taskRole || request.headers.authorization !== state.taskRole.token) return xmlError(response, 403, 'NoTaskRole');
      const { credentials } = state.taskRole;
      const expiration = new Date(Date.now() + 3600_000).toISOString();
      return response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          AccessKeyId: credentials.accessKeyId,
          SecretAccessKey: credentials.secretAccessKey,
          Token: credentials.sessionToken,
          Expiration: expiration,
        }),
      );
    }
    if (request.method === 'POST' && url.pathname === `/${bucket}`) {
      const form = parseMultipart(body, boundaryOf(request.headers['content-type'] ?? '') ?? '');
      const verdict = await verifyPostPolicy(form.fields, { bucket, credentials: { ...state.expected, region }, now: Date.now() });
      if (!verdict.ok) {
        state.refusals.push(verdict.detail);
        return xmlError(response, 403, 'AccessDenied');
      }
      if (!form.file || form.file.bytes.length > verdict.maxBytes || form.file.bytes.length < verdict.minBytes)
        return xmlError(response, 400, 'EntityTooLarge');
      objects.set(verdict.key, form.file.bytes);
      return response.writeHead(204).end();
    }
    const problem = await signatureProblem(request, url, body);
    if (problem) {
      state.refusals.push(problem);
      return xmlError(response, 403, 'SignatureDoesNotMatch');
    }
    const key = decodeURIComponent(url.pathname.slice(`/${bucket}/`.length));
    if (request.method === 'PUT') {
      objects.set(key, body);
      return response.writeHead(200).end();
    }
    if (request.method === 'DELETE') {
      objects.delete(key);
      return response.writeHead(204).end();
    }
    const object = objects.get(key);
    if (!object) return xmlError(response, 404, 'NoSuchKey');
    return response.writeHead(200, { 'content-length': object.length }).end(object);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      state.refusals.push(String(error));
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, objects, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('the S3 store, through the AWS SDK', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  beforeAll(async () => {
    s3 = await startFakeS3('docs', 'eu-west-2');
  });
  afterAll(async () => {
    await s3.close();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    s3.state.refusals = [];
  });

  const storeFor = (env: Record<string, string>) => {
    const config = readStorageConfig({ STORAGE: 's3', S3_BUCKET: 'docs', S3_REGION: 'eu-west-2', S3_ENDPOINT: s3.origin, ...env }, '/tmp');
    if (config.kind !== 's3') throw new Error('not an S3 configuration');
    return createS3Store(config);
  };

  /** What the page does with a presigned POST: the fields, then the file, as multipart. */
  async function browserUpload(post: { url: string; fields: Record<string, string> }, bytes: Uint8Array) {
    const form = new FormData();
    for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
    form.append('file', new File([new Uint8Array(bytes)], 'scan.png', { type: 'image/png' }));
    return (await fetch(post.url, { method: 'POST', body: form })).status;
  }

  /** Writes, reads, deletes and a browser upload, each of which the bucket accepts only when signed with `expected`. */
  async function expectWorkingStore(store: ReturnType<typeof createS3Store>, prefix: string) {
    expect(store.uploadOrigins).toEqual([s3.origin]);
    await store.put(`${prefix}/copies/x.pdf`, Buffer.from('%PDF-1.7'), 'application/pdf');
    expect((await store.get(`${prefix}/copies/x.pdf`))?.toString()).toBe('%PDF-1.7');
    await store.delete(`${prefix}/copies/x.pdf`);
    expect(await store.get(`${prefix}/copies/x.pdf`)).toBeUndefined();
    await store.delete(`${prefix}/copies/x.pdf`);

    const now = Date.now();
    const post = await store.presignPost({
      key: `${prefix}/uploads/k/1`,
      keyPrefix: `${prefix}/uploads/`,
      minBytes: 1,
      maxBytes: 10,
      expiresAt: now + 600_000,
      now,
    });
    expect(post.url).toBe(`${s3.origin}/docs`);
    expect(store.uploadOrigins).toContain(new URL(post.url).origin);
    const policy = JSON.parse(Buffer.from(post.fields.Policy!, 'base64').toString()) as PostPolicy;
    expect(Math.abs(Date.parse(policy.expiration) - (now + 600_000))).toBeLessThan(2000);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { bucket: 'docs' },
        { key: `${prefix}/uploads/k/1` },
        ['starts-with', '$key', `${prefix}/uploads/`],
        ['content-length-range', 1, 10],
      ]),
    );
    expect(await browserUpload(post, Buffer.from('PNG'))).toBe(204);
    expect((await store.get(`${prefix}/uploads/k/1`))?.toString()).toBe('PNG');
    // The bucket holds the form to its policy: a larger file, or a policy widened after signing, is refused.
    expect(await browserUpload(post, Buffer.alloc(11))).toBe(400);
    policy.conditions = policy.conditions.map((condition) =>
      Array.isArray(condition) && condition[0] === 'content-length-range' ? ['content-length-range', 1, 100] : condition,
    );
    const widened = Buffer.from(JSON.stringify(policy)).toString('base64');
    expect(await browserUpload({ ...post, fields: { ...post.fields, Policy: widened } }, Buffer.alloc(11))).toBe(403);
    expect(s3.state.refusals).toEqual(['signature mismatch']);
    s3.state.refusals = [];
    return post;
  }

  it('needs a bucket, and both access-key variables or neither', () => {
    expect(() => readStorageConfig({ STORAGE: 's3' }, '/tmp')).toThrow(/S3_BUCKET/);
    expect(() => readStorageConfig({ STORAGE: 's3', S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'id' }, '/tmp')).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => readStorageConfig({ STORAGE: 's3', S3_BUCKET: 'docs', S3_SECRET_ACCESS_KEY: 's' }, '/tmp')).toThrow(/S3_ACCESS_KEY_ID/);
    expect(readStorageConfig({ STORAGE: 's3', S3_BUCKET: 'docs' }, '/tmp')).toMatchObject({ kind: 's3', credentials: undefined });
  });

  it('uploads to the bucket the SDK addresses on AWS itself (virtual-hosted, or path-style for a dotted name)', async () => {
    const onAws = (bucket: string) => {
      const config = readStorageConfig(
        { STORAGE: 's3', S3_BUCKET: bucket, S3_REGION: 'eu-west-2', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 's' },
        '/tmp',
      );
      return config.kind === 's3' ? createS3Store(config) : undefined;
    };
    const request = {
      key: 'a/uploads/k/1',
      keyPrefix: 'a/uploads/',
      minBytes: 1,
      maxBytes: 10,
      expiresAt: Date.now() + 600_000,
      now: Date.now(),
    };
    for (const [bucket, origin] of [
      ['docs', 'https://docs.s3.eu-west-2.amazonaws.com'],
      ['college.docs', 'https://s3.eu-west-2.amazonaws.com'],
    ] as const) {
      const store = onAws(bucket)!;
      expect(store.uploadOrigins).toEqual([origin]);
      expect(new URL((await store.presignPost(request)).url).origin).toBe(origin);
    }
  });

  it('signs with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY when they are set', async () => {
    s3.state.expected = { accessKeyId: 'college-key', secretAccessKey: 'college-secret' };
    await expectWorkingStore(storeFor({ S3_ACCESS_KEY_ID: 'college-key', S3_SECRET_ACCESS_KEY: 'college-secret' }), 'applicants/a');
    const wrong = storeFor({ S3_ACCESS_KEY_ID: 'college-key', S3_SECRET_ACCESS_KEY: 'not-the-secret' });
    await expect(wrong.put('applicants/a/copies/y.pdf', Buffer.from('%PDF'), 'application/pdf')).rejects.toThrow(
      'S3 PUT failed with HTTP 403 (SignatureDoesNotMatch)',
    );
    expect(s3.state.refusals).toEqual(['signature mismatch']);
  });

  it('without them, takes the credentials the AWS chain finds: here an ECS task role, session token included', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'admissions-aws-'));
    for (const name of [
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
      'AWS_SESSION_TOKEN',
      'AWS_PROFILE',
      'AWS_ROLE_ARN',
      'AWS_WEB_IDENTITY_TOKEN_FILE',
    ])
      vi.stubEnv(name, undefined);
    vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', join(empty, 'credentials'));
    vi.stubEnv('AWS_CONFIG_FILE', join(empty, 'config'));
    vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true');
    vi.stubEnv('AWS_CONTAINER_CREDENTIALS_FULL_URI', `${s3.origin}/task-credentials`);
    vi.stubEnv('AWS_CONTAINER_AUTHORIZATION_TOKEN', 'task-auth-token');
    const taskRole = { accessKeyId: 'ASIATASKROLE', secretAccessKey: 'task-role-secret', sessionToken: 'task-session-token' };
    s3.state.taskRole = { token: 'task-auth-token', credentials: taskRole };
    s3.state.expected = taskRole;

    const post = await expectWorkingStore(storeFor({}), 'applicants/b');
    expect(post.fields['X-Amz-Credential']).toMatch(/^ASIATASKROLE\/\d{8}\/eu-west-2\/s3\/aws4_request$/);
    expect(post.fields['X-Amz-Security-Token']).toBe('task-session-token');
    expect(s3.state.credentialRequests).toBeGreaterThan(0);
  });
});
