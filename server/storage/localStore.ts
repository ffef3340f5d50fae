import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE, ensurePrivateFolder, restrictTree } from '../../db/privateFiles';
import { keyedHash } from '../accounts/secrets';
import { isSafeObjectKey, type ObjectStore } from './objectStore';
import { buildPostPolicy, type PolicySigner } from './postPolicy';

export const LOCAL_UPLOAD_PATH = '/files/upload';
export const LOCAL_BUCKET = 'local';

/** The local store signs policies with a key derived from the server secret; nothing else knows it. */
export function localCredentials(secret: Buffer): PolicySigner {
  return { accessKeyId: 'admissions-local', secretAccessKey: keyedHash(secret, 'upload-policy', 'local'), region: 'local' };
}

/**
 * Objects as files under DATA_DIR/objects (never a public folder: only our routes read them,
 * after checking who asks). Writes go to a temporary name first, so a reader never sees half a file.
 * Folders are 0700 and files 0600; the tree is tightened once at start for installs left looser.
 */
export function createLocalStore(options: { directory: string; secret: Buffer }): ObjectStore {
  const root = resolve(options.directory);
  ensurePrivateFolder(root);
  restrictTree(root);
  const credentials = localCredentials(options.secret);

  const pathOf = (key: string): string => {
    if (!isSafeObjectKey(key)) throw new Error('unsafe object key');
    const path = resolve(join(root, key));
    if (!path.startsWith(root + sep)) throw new Error('object key escapes the store');
    return path;
  };

  return {
    kind: 'local',
    uploadOrigins: [],
    presignPost(request) {
      // A path, not PUBLIC_URL: the page posts to the address it was opened at (127.0.0.1, a LAN
      // address…), where its session cookie and the same-site check hold. A bucket keeps its URL.
      return buildPostPolicy({ ...request, url: LOCAL_UPLOAD_PATH, bucket: LOCAL_BUCKET, credentials });
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: PRIVATE_FOLDER_MODE });
      const temporary = `${path}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(temporary, bytes, { mode: PRIVATE_FILE_MODE });
      await rename(temporary, path);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
