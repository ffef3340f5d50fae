import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { ObjectStore } from './objectStore';
import { uploadConditions } from './postPolicy';
import type { StorageConfig } from './storageConfig';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Any S3-compatible bucket, through the AWS SDK. Browsers upload straight to it with the presigned
 * POST (the bucket enforces the policy: size range, key prefix, expiry); the server reads, writes
 * and deletes with the SDK's signed requests. Credentials are S3_ACCESS_KEY_ID and
 * S3_SECRET_ACCESS_KEY when set, else the SDK's standard chain (AWS_* variables, a shared profile,
 * the ECS task role, the EC2 instance role), refreshed by the SDK before they expire. The bucket must
 * be private, allow CORS POST from PUBLIC_URL, and the credentials need s3:GetObject, s3:PutObject
 * and s3:DeleteObject on it.
 */
export function createS3Store(config: S3Config): ObjectStore {
  const client = new S3Client({
    region: config.region,
    credentials: config.credentials,
    endpoint: config.endpoint,
    // Path-style for custom endpoints (MinIO and friends rarely have wildcard DNS), virtual-hosted for AWS.
    forcePathStyle: config.endpoint !== undefined,
    // Stores other than AWS (older MinIO, R2, Ceph) refuse the checksum headers the SDK adds by default.
    ...(config.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    requestHandler: { requestTimeout: REQUEST_TIMEOUT_MS, throwOnRequestTimeout: true },
  });
  const bucketUrl = client.config.endpointProvider({
    Bucket: config.bucket,
    Region: config.region,
    Endpoint: config.endpoint,
    ForcePathStyle: config.endpoint !== undefined,
  }).url;

  const failure = (error: unknown, action: string): unknown =>
    error instanceof S3ServiceException
      ? new Error(`S3 ${action} failed with HTTP ${error.$metadata.httpStatusCode ?? 'none'} (${error.name})`)
      : error;
  const missing = (error: unknown) => error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;

  return {
    kind: 's3',
    uploadOrigins: [bucketUrl.origin],
    async presignPost(request) {
      return createPresignedPost(client, {
        Bucket: config.bucket,
        Key: request.key,
        Conditions: uploadConditions(request),
        Expires: Math.round((request.expiresAt - request.now) / 1000),
      });
    },
    async get(key) {
      try {
        const response = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        return Buffer.from((await response.Body?.transformToByteArray()) ?? []);
      } catch (error) {
        if (missing(error)) return undefined;
        throw failure(error, 'GET');
      }
    },
    async put(key, bytes, contentType) {
      try {
        await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: bytes, ContentType: contentType }));
      } catch (error) {
        throw failure(error, 'PUT');
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
      } catch (error) {
        if (!missing(error)) throw failure(error, 'DELETE');
      }
    },
  };
}
