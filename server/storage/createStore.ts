import { createLocalStore } from './localStore';
import type { ObjectStore } from './objectStore';
import { createS3Store } from './s3Store';
import type { StorageConfig } from './storageConfig';

/** The store the configuration names (STORAGE=local, the default, or STORAGE=s3). */
export function createObjectStore(config: StorageConfig, options: { secret: Buffer }): ObjectStore {
  return config.kind === 's3' ? createS3Store(config) : createLocalStore({ directory: config.directory, ...options });
}
