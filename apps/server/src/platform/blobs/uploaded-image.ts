import { randomBytes } from 'node:crypto';
import { AppError } from '../http/app-error.js';
import { IMAGE_CONTAINER, businessBlobPrefix, type BlobStorage, type ImageType } from './blob-storage.js';
import { reencodeImage, withImageSlot } from './images.js';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const EXTENSION: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export type PreparedImage = { data: Buffer; contentType: ImageType };

/**
 * Checks an uploaded image by its content and size and re-encodes it (images.ts). Call it before
 * the transaction: decoding takes CPU time, and at most two decode at once server-wide.
 */
export async function prepareImage(data: Buffer, what = 'The image'): Promise<PreparedImage> {
  if (data.length > IMAGE_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `${what} is larger than 5 MB. Choose a smaller image.`);
  }
  return withImageSlot(() => reencodeImage(data, what));
}

/**
 * Stores a prepared image under the business's prefix, in the image container, and answers its
 * blob name (what answers carry as `imageUrl`). A fresh name per upload: a browser or proxy that
 * cached the old image never shows it for the new one.
 */
export async function storeImage(
  blobs: BlobStorage,
  businessId: string,
  folder: 'stores' | 'products' | 'logo' | 'users',
  image: PreparedImage,
): Promise<string> {
  const name = `${businessBlobPrefix(businessId)}${folder}/${randomBytes(12).toString('hex')}.${EXTENSION[image.contentType]}`;
  await blobs.put(IMAGE_CONTAINER, name, image.data, image.contentType);
  return name;
}
