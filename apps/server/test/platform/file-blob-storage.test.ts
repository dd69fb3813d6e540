import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createFileBlobStorage, type BlobStorage } from '../../src/platform/blobs/blob-storage.js';
import { describeBlobStorageContract } from './blob-storage-contract.js';

let root: string;
let storage: BlobStorage;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backoffice-blobs-'));
  storage = createFileBlobStorage(root);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The files under the container's folder, as blob names, read from the disk itself. */
async function listNames(container: string): Promise<string[]> {
  try {
    const entries = await readdir(path.join(root, container), { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(path.join(root, container), path.join(entry.parentPath, entry.name)))
      .map((name) => name.split(path.sep).join('/'))
      .sort();
  } catch {
    return [];
  }
}

describeBlobStorageContract('the file storage', () => ({ storage, listNames }));
