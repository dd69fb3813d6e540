import type { TBusiness, ZUpdateBusinessRequest } from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/guard.js';
import { IMAGE_CONTAINER, businessBlobPrefix } from '../../platform/blobs/blob-storage.js';
import { storeImage } from '../../platform/blobs/uploaded-image.js';
import { inTenant } from '../../platform/db/tenancy.js';
import { fieldError, notFound } from '../../platform/http/app-error.js';
import type { AccessDeps } from './access.deps.js';
import { updateBusinessRow, type BusinessChanges } from './business-lifecycle.repository.js';
import { lockBusiness } from './businesses.repository.js';
import { checkLogo, toBusiness, type LogoUpload } from './businesses.service.js';

export type UpdateBusinessInput = z.output<typeof ZUpdateBusinessRequest>;

/** Members reach only their own business: any other id, existing or not, is the same 404. */
export function assertOwnBusiness(principal: Principal, id: string): void {
  if (!principal.businessId || principal.businessId !== id) throw notFound('The business');
}

/**
 * Edits the business profile: only the fields sent change, `null` (an empty string in the
 * request) clears one. A new logo is checked, re-encoded and stored under a fresh name before the
 * transaction (no row lock waits on an upload); the logo it replaces, or the one `removeLogo`
 * drops, is removed after commit, and a new one is removed again when the change fails.
 */
export async function updateBusiness(
  deps: AccessDeps,
  principal: Principal,
  id: string,
  input: UpdateBusinessInput,
  logo: LogoUpload | null,
): Promise<TBusiness> {
  assertOwnBusiness(principal, id);
  const changes = toChanges(input);
  const image = logo ? await checkLogo(logo.data) : null;
  const stored = image ? await storeImage(deps.blobs, id, 'logo', image) : null;
  if (stored) changes.logoUrl = stored;
  else if (input.removeLogo === true) changes.logoUrl = null;

  let outcome: { business: TBusiness; replaced: string | null };
  try {
    outcome = await inTenant(deps.db, principal, async (scope) => {
      const current = await lockBusiness(scope);
      if (!current) throw notFound('The business');
      const isLogoChanged = changes.logoUrl !== undefined && current.logoUrl !== changes.logoUrl;
      const business = toBusiness(await updateBusinessRow(scope, changes));
      return { business, replaced: isLogoChanged ? current.logoUrl : null };
    });
  } catch (error) {
    if (stored) await removeLogo(deps, stored);
    throw error;
  }
  // Only a name under the business's own prefix: a row never names another's, but a blob of
  // another business must not be removable through a bad row either.
  const { business, replaced } = outcome;
  if (replaced?.startsWith(businessBlobPrefix(id))) await removeLogo(deps, replaced);
  return business;
}

/** The request's fields as columns; zipCode and postalCode are one column. */
function toChanges(input: UpdateBusinessInput): BusinessChanges {
  const changes: BusinessChanges = {};
  const set = <K extends keyof BusinessChanges>(key: K, value: BusinessChanges[K] | undefined) => {
    if (value !== undefined) changes[key] = value;
  };
  set('businessName', input.businessName);
  set('registrationNumber', input.registrationNumber);
  set('businessEmail', input.businessEmail);
  set('businessPhoneNumber', input.businessPhoneNumber);
  set('websiteUrl', input.websiteUrl);
  set('industryType', input.industryType);
  set('description', input.description);
  set('timeZone', input.timeZone);
  set('currency', input.currency);
  const address = input.address;
  if (address) {
    const { zipCode, postalCode } = address;
    if (zipCode !== undefined && postalCode !== undefined && zipCode !== postalCode) {
      throw fieldError(
        'address.postalCode',
        'The postal code was sent twice with two values: send zipCode or postalCode, not both.',
      );
    }
    set('street', address.street);
    set('city', address.city);
    set('state', address.state);
    set('postalCode', postalCode !== undefined ? postalCode : zipCode);
    set('country', address.country);
  }
  return changes;
}

/** Best effort: a logo left behind costs storage, never correctness. */
async function removeLogo(deps: AccessDeps, name: string): Promise<void> {
  await deps.blobs.remove(IMAGE_CONTAINER, name).catch((error: unknown) => {
    deps.log.warn({ err: error, blob: name }, 'could not remove a business logo');
  });
}
