import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where images and files live. The embedded default keeps them under DATA_DIR/blobs; with
 * AZURE_STORAGE_CONNECTION_STRING they live in Azure Blob Storage (azure-blob-storage.ts).
 */
export type BlobStorage = {
  put: (container: string, name: string, data: Buffer, contentType: string) => Promise<void>;
  get: (container: string, name: string) => Promise<{ data: Buffer; contentType: string } | null>;
  remove: (container: string, name: string) => Promise<void>;
  /**
   * Removes every blob whose name begins with `prefix`, which must be a business's whole prefix
   * (`businesses/<uuid>/`, assertSafeBlobPrefix): the business deletion's clean-up. Nothing
   * there, or no such container, is no error.
   */
  removeAll: (container: string, prefix: string) => Promise<void>;
};

/** The one container the specification names for images (001 section 9). */
export const IMAGE_CONTAINER = 'inventory';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/**
 * Every blob of a business is named under this prefix: the download route lets a user read only
 * the names under their own business's prefix.
 */
export function businessBlobPrefix(businessId: string): string {
  return `businesses/${businessId}/`;
}

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
};

/**
 * Refuses a container or blob name that is not made of plain segments (letters, digits, `.`, `_`,
 * `-`, not starting with a dot): `..`, empty segments, backslashes, `%` and the like never reach a
 * path or a URL, whichever storage is behind the interface. Answers the name's segments.
 */
export function assertSafeBlobName(container: string, name: string): string[] {
  const segments = [container, ...name.split('/')];
  if (!segments.every((s) => SAFE_SEGMENT.test(s))) throw new Error(`unsafe blob name ${container}/${name}`);
  return segments;
}

const BUSINESS_PREFIX = /^businesses\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/$/;

/**
 * Refuses any prefix but one business's whole folder, `businesses/<uuid>/` (lower-case, as
 * businessBlobPrefix writes it): a mistaken `''`, `businesses/` or a prefix of an id would remove
 * other businesses' files. Answers the segments of the folder.
 */
export function assertSafeBlobPrefix(container: string, prefix: string): string[] {
  if (!SAFE_SEGMENT.test(container) || !BUSINESS_PREFIX.test(prefix))
    throw new Error(`unsafe blob prefix ${container}/${prefix}`);
  return [container, ...prefix.slice(0, -1).split('/')];
}

export function createFileBlobStorage(root: string): BlobStorage {
  const locate = (container: string, name: string) => path.join(root, ...assertSafeBlobName(container, name));
  return {
    put: async (container, name, data) => {
      const file = locate(container, name);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    get: async (container, name) => {
      // Outside the try: an unsafe name is refused as Azure refuses it, not read as "not stored".
      const file = locate(container, name);
      try {
        const data = await readFile(file);
        return {
          data,
          contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        };
      } catch {
        return null;
      }
    },
    remove: async (container, name) => {
      await rm(locate(container, name), { force: true });
    },
    removeAll: async (container, prefix) => {
      await rm(path.join(root, ...assertSafeBlobPrefix(container, prefix)), { recursive: true, force: true });
    },
  };
}

/** Content sniffing: the declared type of an upload is not trusted. */
export function detectImageType(data: Buffer): ImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (
    data.length >= 12 &&
    data.toString('ascii', 0, 4) === 'RIFF' &&
    data.toString('ascii', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return null;
}
