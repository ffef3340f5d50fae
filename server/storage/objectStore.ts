import type { PresignedPost, UploadRequest } from './postPolicy';

/**
 * Where uploaded documents, their conversions and PDF copies are kept. The local store (a folder
 * under DATA_DIR, reached through our own upload endpoint) and the S3 store (any S3-compatible
 * bucket, uploaded to directly) answer the same calls; STORAGE picks one at start-up.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Browser upload form for one key: the url to POST to and the fields to send before the file. */
  presignPost(request: UploadRequest): Promise<PresignedPost>;
  /** undefined when there is no such object. */
  get(key: string): Promise<Buffer | undefined>;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Origins the browser must be allowed to send uploads to (CSP connect-src). */
  readonly uploadOrigins: readonly string[];
}

/** Object keys are ours, never a user's file name: letters, digits and a few separators only. */
const OBJECT_KEY_PATTERN = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)*$/;

export function isSafeObjectKey(key: string): boolean {
  return key.length <= 512 && OBJECT_KEY_PATTERN.test(key) && !key.split('/').some((part) => part === '.' || part === '..');
}
