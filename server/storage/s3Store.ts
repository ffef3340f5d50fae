import type { ObjectStore } from './objectStore';
import { buildPostPolicy } from './postPolicy';
import { encodeS3Path, sha256Hex, signRequest, type Credentials } from './sigv4';
import type { StorageConfig } from './storageConfig';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Any S3-compatible bucket. Browsers upload straight to it with the presigned POST (the bucket
 * enforces the policy: size range, key prefix, expiry); the server reads, writes and deletes with
 * SigV4-signed requests. The bucket must be private, allow CORS POST from PUBLIC_URL, and the
 * credentials need s3:GetObject, s3:PutObject and s3:DeleteObject on it.
 */
export function createS3Store(config: S3Config, options: { fetch?: typeof fetch; now?: () => number } = {}): ObjectStore {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const credentials: Credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region };
  // Path-style for custom endpoints (MinIO and friends rarely have wildcard DNS), virtual-hosted for AWS.
  const bucketUrl = config.endpoint ? `${config.endpoint}/${config.bucket}` : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
  const objectUrl = (key: string) => new URL(`${bucketUrl}/${encodeS3Path(key)}`);

  async function send(method: string, key: string, body?: Uint8Array, contentType?: string): Promise<Response> {
    const url = objectUrl(key);
    const headers = signRequest(
      {
        method,
        url,
        headers: contentType ? { 'content-type': contentType } : {},
        payloadSha256: body ? sha256Hex(body) : undefined,
        time: now(),
      },
      credentials,
    );
    return doFetch(url, { method, headers, body: body as BodyInit | undefined, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  }

  async function failure(response: Response, action: string): Promise<Error> {
    const text = (await response.text().catch(() => '')).slice(0, 300);
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? 'unknown';
    return new Error(`S3 ${action} failed with HTTP ${response.status} (${code})`);
  }

  return {
    kind: 's3',
    uploadOrigins: [new URL(bucketUrl).origin],
    presignPost(request) {
      return buildPostPolicy({ ...request, url: bucketUrl, bucket: config.bucket, credentials });
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) return undefined;
      if (!response.ok) throw await failure(response, 'GET');
      return Buffer.from(await response.arrayBuffer());
    },
    async put(key, bytes, contentType) {
      const response = await send('PUT', key, bytes, contentType);
      if (!response.ok) throw await failure(response, 'PUT');
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw await failure(response, 'DELETE');
    },
  };
}
