import { join } from 'node:path';

/**
 * The STORAGE_* / S3_* part of the environment. Local is the default: files live under
 * DATA_DIR/objects and are uploaded through our own endpoint. S3 sends uploads straight to a
 * bucket; everything a bucket needs is named here so a wrong setting stops start-up.
 */
export type StorageConfig =
  | { kind: 'local'; directory: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Unset for AWS itself; set for MinIO, R2, Ceph… (path-style addressing is then used). */
      endpoint: string | undefined;
      /**
       * S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, when set; unset, the AWS SDK's own chain finds
       * them (AWS_* variables, a shared profile, the ECS task role, the EC2 instance role).
       */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export function readStorageConfig(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  const kind = env.STORAGE ?? 'local';
  if (kind === 'local') return { kind, directory: join(dataDir, 'objects') };
  if (kind !== 's3') throw new Error(`STORAGE must be local or s3, got "${kind}".`);
  const required = (name: string): string => {
    const value = env[name];
    if (!value) throw new Error(`${name} is required when STORAGE=s3.`);
    return value;
  };
  const endpoint = env.S3_ENDPOINT?.replace(/\/+$/, '') || undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error('S3_ENDPOINT must be an http(s) URL.');
  const bucket = required('S3_BUCKET');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS credential chain.');
  }
  return {
    kind,
    bucket,
    region: env.S3_REGION || 'us-east-1',
    endpoint,
    credentials: env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY! } : undefined,
  };
}
