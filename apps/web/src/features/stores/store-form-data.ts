import { STORE_IMAGE_MAX_BYTES, type TStoreRequest } from '@app/contracts';

export const STORE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const STORE_IMAGE_TYPE_ERROR = 'The image must be a JPEG, PNG or WebP picture.';
export const STORE_IMAGE_SIZE_ERROR = 'The image must be at most 5 MB.';

/** Checks a chosen store image before it is sent; null when it is fine. */
export function checkStoreImage(file: File): string | null {
  if (!(STORE_IMAGE_TYPES as readonly string[]).includes(file.type)) return STORE_IMAGE_TYPE_ERROR;
  if (file.size > STORE_IMAGE_MAX_BYTES) return STORE_IMAGE_SIZE_ERROR;
  return null;
}

/** The multipart body of the store calls: part `store` as a JSON blob, optional file `image`. */
export function buildStoreFormData(store: TStoreRequest, image: File | null): FormData {
  const body = new FormData();
  body.append('store', new Blob([JSON.stringify(store)], { type: 'application/json' }), 'store.json');
  if (image) body.append('image', image, image.name);
  return body;
}
