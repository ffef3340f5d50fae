import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4, the scheme S3 and every S3-compatible store (MinIO, R2, Ceph…) accept.
 * The local store signs its upload policies the same way, so one verifier serves both and a
 * deployment can move to a bucket without the client noticing.
 */

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';
const EMPTY_PAYLOAD_SHA256 = createHash('sha256').update('').digest('hex');

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** '20130524T000000Z' and '20130524' for a time. */
export function amzDate(time: number): { dateTime: string; date: string } {
  const dateTime = new Date(time)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return { dateTime, date: dateTime.slice(0, 8) };
}

export function signingKey(secretAccessKey: string, date: string, region: string, service: string): Buffer {
  const kDate = hmac(`AWS4${secretAccessKey}`, date);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, service);
  return hmac(kService, 'aws4_request');
}

export function credentialScope(date: string, region: string, service = 's3'): string {
  return `${date}/${region}/${service}/aws4_request`;
}

/** The signature of a POST policy (already base64) — what S3 checks on a browser upload. */
export function signPolicy(policyBase64: string, secretAccessKey: string, date: string, region: string): string {
  return createHmac('sha256', signingKey(secretAccessKey, date, region, 's3'))
    .update(policyBase64)
    .digest('hex');
}

/** S3 encodes each path segment but keeps the slashes; everything but unreserved characters is escaped. */
export function encodeS3Path(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

export interface RequestToSign {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256, which are added. */
  headers?: Record<string, string>;
  payloadSha256?: string;
  time: number;
}

/** Header-based SigV4 for one request: returns every header the request must carry, Authorization included. */
export function signRequest(request: RequestToSign, credentials: Credentials, service = 's3'): Record<string, string> {
  const { dateTime, date } = amzDate(request.time);
  const payloadSha256 = request.payloadSha256 ?? EMPTY_PAYLOAD_SHA256;
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(request.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value.trim()])),
    host: request.url.host,
    'x-amz-content-sha256': payloadSha256,
    'x-amz-date': dateTime,
  };
  const names = Object.keys(headers).sort();
  const canonicalQuery = [...request.url.searchParams]
    .map(([name, value]) => [encodeS3Path(name), encodeS3Path(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    request.method.toUpperCase(),
    request.url.pathname,
    canonicalQuery,
    names.map((name) => `${name}:${headers[name]}\n`).join(''),
    names.join(';'),
    payloadSha256,
  ].join('\n');
  const scope = credentialScope(date, credentials.region, service);
  const stringToSign = [SIGV4_ALGORITHM, dateTime, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, date, credentials.region, service))
    .update(stringToSign)
    .digest('hex');
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `${SIGV4_ALGORITHM} Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}
