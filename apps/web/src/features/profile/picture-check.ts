import { PICTURE_MAX_BYTES } from '@app/contracts';
import { PICTURE_SIZE_ERROR, PICTURE_TYPE_ERROR } from './messages';

export const PICTURE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Checks a chosen picture before it is sent (DESIGN 13: images at most 5 MB); null when fine. */
export function checkPicture(file: File): string | null {
  if (!(PICTURE_MIME_TYPES as readonly string[]).includes(file.type)) return PICTURE_TYPE_ERROR;
  if (file.size > PICTURE_MAX_BYTES) return PICTURE_SIZE_ERROR;
  return null;
}
