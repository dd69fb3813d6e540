import { PRODUCT_IMAGE_MAX_BYTES, type ZProductRequest } from '@app/contracts';

/** What the server decodes and stores (DESIGN 13, Files). */
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PRODUCT_IMAGE_TYPE_ERROR = 'The image must be a JPEG, PNG or WebP file.';
export const PRODUCT_IMAGE_SIZE_ERROR = 'The image must be at most 5 MB.';

/** The multipart part that carries the image. */
export const PRODUCT_IMAGE_PART = 'image';

export type ProductRequestData = ReturnType<typeof ZProductRequest.parse>;

/** Checks a chosen image before it is sent; null when it is fine. */
export function checkProductImage(file: File): string | null {
  if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type)) return PRODUCT_IMAGE_TYPE_ERROR;
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) return PRODUCT_IMAGE_SIZE_ERROR;
  return null;
}

/**
 * The multipart body of the create and update calls: one text field per field of
 * ZProductRequest that has a value, `locationIds` once per further location, and the image when
 * one was chosen. An empty optional field is left out: the update replaces the stored fields, so
 * a field left out is cleared (and an empty reorderPoint would be read as 0).
 */
export function buildProductFormData(product: ProductRequestData, image: File | null): FormData {
  const body = new FormData();
  for (const [field, value] of Object.entries(product)) {
    if (field === 'locationIds' || value === null || value === undefined || value === '') continue;
    body.append(field, String(value));
  }
  for (const locationId of product.locationIds) body.append('locationIds', locationId);
  if (image) body.append(PRODUCT_IMAGE_PART, image, image.name);
  return body;
}
