import { LOGO_MAX_BYTES, LOGO_MIME_TYPES, type TCreateBusinessRequest } from '@app/contracts';

export const LOGO_TYPE_ERROR = 'The logo must be a JPEG, PNG or WebP image.';
export const LOGO_SIZE_ERROR = 'The logo must be at most 5 MB.';

/** Checks a chosen logo against the setup rules (000 section 5); null when it is fine. */
export function checkLogo(file: File): string | null {
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) return LOGO_TYPE_ERROR;
  if (file.size > LOGO_MAX_BYTES) return LOGO_SIZE_ERROR;
  return null;
}

/** The multipart body of the create call: part `business` as a JSON string, optional part `logo`. */
export function buildBusinessFormData(business: TCreateBusinessRequest, logo: File | null): FormData {
  const body = new FormData();
  body.append('business', JSON.stringify(business));
  if (logo) body.append('logo', logo, logo.name);
  return body;
}
