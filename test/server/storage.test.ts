import { describe, expect, it } from 'vitest';
import { createS3Store } from '../../server/storage/s3Store';
import { parseMultipart } from '../../server/storage/multipart';
import { buildPostPolicy, verifyPostPolicy } from '../../server/storage/postPolicy';
import { isSafeObjectKey } from '../../server/storage/objectStore';
import { readStorageConfig } from '../../server/storage/storageConfig';
import { signRequest, signingKey } from '../../server/storage/sigv4';
import type { PostPolicy } from './helpers/documents';

// AWS's published example credentials and vectors (the general SigV4 guide and the S3 API guide
// spell the example secret differently: '+' in one, '/' in the other).
const GENERAL_EXAMPLE_SECRET = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
const AWS_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('SigV4', () => {
  it('derives the signing key of the AWS example', () => {
    expect(signingKey(GENERAL_EXAMPLE_SECRET, '20150830', 'us-east-1', 'iam').toString('hex')).toBe(
      'c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9',
    );
  });

  it('signs the AWS "GET Object" example exactly as S3 expects', () => {
    const headers = signRequest(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9' },
        time: Date.parse('2013-05-24T00:00:00Z'),
      },
      AWS_EXAMPLE,
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('POST policy', () => {
  const credentials = { accessKeyId: 'local-id', secretAccessKey: 'local-secret', region: 'local' };
  const presigned = buildPostPolicy({
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

  it('holds the key, an expiry, the size range and the key prefix, signed', () => {
    const policy = JSON.parse(Buffer.from(presigned.fields.policy!, 'base64').toString()) as PostPolicy;
    expect(policy.expiration).toBe(new Date(NOW + 60_000).toISOString());
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 1048576],
        ['starts-with', '$key', 'applicants/abc/uploads/'],
        { key: presigned.fields.key },
      ]),
    );
    expect(verify(presigned.fields)).toEqual({ ok: true, key: presigned.fields.key, minBytes: 1, maxBytes: 1048576 });
  });

  it('refuses a changed policy, a changed key, a wrong signature, an extra field and an expired policy', () => {
    const policy = JSON.parse(Buffer.from(presigned.fields.policy!, 'base64').toString()) as PostPolicy;
    policy.conditions[3] = ['content-length-range', 1, 100 * 1024 * 1024];
    const forged = Buffer.from(JSON.stringify(policy)).toString('base64');
    expect(verify({ ...presigned.fields, policy: forged })).toMatchObject({ ok: false, problem: 'signature' });
    expect(verify({ ...presigned.fields, key: 'applicants/other/uploads/personal_statement_doc/r1' })).toMatchObject({
      ok: false,
      problem: 'condition',
    });
    expect(verify({ ...presigned.fields, 'x-amz-signature': '0'.repeat(64) })).toMatchObject({ ok: false, problem: 'signature' });
    expect(verify({ ...presigned.fields, acl: 'public-read' })).toMatchObject({ ok: false, problem: 'condition' });
    expect(verify(presigned.fields, NOW + 60_000)).toMatchObject({ ok: false, problem: 'expired' });
    expect(verify({ key: 'k' })).toMatchObject({ ok: false, problem: 'malformed' });
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

describe('object keys and the S3 adapter', () => {
  it('accepts only keys we make', () => {
    expect(isSafeObjectKey('applicants/AbC-_1/uploads/personal_statement_doc/x_Y-z')).toBe(true);
    for (const bad of ['../secret.key', 'applicants/../../x', '/etc/passwd', 'a//b', 'a/b c', 'a/ü'])
      expect(isSafeObjectKey(bad), bad).toBe(false);
  });

  it('needs its settings, and signs every request to the bucket', async () => {
    expect(() => readStorageConfig({ STORAGE: 's3' }, '/tmp')).toThrow(/S3_BUCKET/);
    const config = readStorageConfig(
      {
        STORAGE: 's3',
        S3_BUCKET: 'docs',
        S3_ENDPOINT: 'https://minio.example:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      },
      '/tmp',
    );
    const requests: { method: string; url: string; headers: Record<string, string> }[] = [];
    const fakeFetch = ((url: URL, init: RequestInit) => {
      requests.push({ method: init.method!, url: String(url), headers: init.headers as Record<string, string> });
      return Promise.resolve(new Response(init.method === 'GET' ? 'bytes' : null, { status: init.method === 'GET' ? 200 : 204 }));
    }) as unknown as typeof fetch;
    const store = createS3Store(config as Extract<typeof config, { kind: 's3' }>, { fetch: fakeFetch, now: () => NOW });
    expect(store.uploadOrigins).toEqual(['https://minio.example:9000']);
    const post = store.presignPost({
      key: 'applicants/a/uploads/k/1',
      keyPrefix: 'applicants/a/uploads/',
      minBytes: 1,
      maxBytes: 10,
      expiresAt: NOW + 1000,
      now: NOW,
    });
    expect(post.url).toBe('https://minio.example:9000/docs');
    expect(post.fields['x-amz-credential']).toBe('id/20261121/us-east-1/s3/aws4_request');
    expect(
      verifyPostPolicy(new Map(Object.entries(post.fields)), {
        bucket: 'docs',
        credentials: { accessKeyId: 'id', secretAccessKey: 'secret', region: 'us-east-1' },
        now: NOW,
      }).ok,
    ).toBe(true);
    expect((await store.get('applicants/a/copies/x.pdf'))?.toString()).toBe('bytes');
    await store.put('applicants/a/copies/x.pdf', Buffer.from('%PDF'), 'application/pdf');
    await store.delete('applicants/a/copies/x.pdf');
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET https://minio.example:9000/docs/applicants/a/copies/x.pdf',
      'PUT https://minio.example:9000/docs/applicants/a/copies/x.pdf',
      'DELETE https://minio.example:9000/docs/applicants/a/copies/x.pdf',
    ]);
    expect(requests[1]!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=id\/20261121\/us-east-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });
});
