import { randomUUID } from 'node:crypto';
import {
  DEFAULT_CURRENCY,
  DEFAULT_TIME_ZONE,
  LOGO_MAX_BYTES,
  type ZCreateBusinessRequest,
  type TBusiness,
  type TSetupProgress,
} from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/guard.js';
import { IMAGE_CONTAINER, businessBlobPrefix, type ImageType } from '../../platform/blobs/blob-storage.js';
import { reencodeImage, withImageSlot } from '../../platform/blobs/images.js';
import { inGlobal, inNewTenant, inTenant, type TenantScope } from '../../platform/db/tenancy.js';
import { AppError, notFound } from '../../platform/http/app-error.js';
import type { AccessDeps } from './access.deps.js';
import {
  findBusiness,
  insertBusiness,
  lockBusiness,
  updateBusinessLogo,
  updateBusinessPaymentAccount,
  updateBusinessPlan,
  type BusinessRow,
} from './businesses.repository.js';
import { getPlan, type Plan } from '../plans/plans.service.js';
import { existsAnyLocation } from '../product/locations/locations.service.js';
import { existsAnyProduct } from '../product/products/products.service.js';
import { existsAnyStore } from '../product/stores/stores.service.js';
import { hasAddress } from './user-mapper.js';
import { countStaff, findUserById, lockUser, updateUser } from './users.repository.js';

export type CreateBusinessInput = z.output<typeof ZCreateBusinessRequest>;
export type LogoUpload = { data: Buffer };

const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/**
 * Checks a logo by its content, not by the type the client declared, and gives the bytes to
 * store: re-encoded (platform/blobs/images.ts), never as uploaded.
 */
export async function checkLogo(data: Buffer): Promise<{ data: Buffer; contentType: ImageType }> {
  if (data.length > LOGO_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The logo is larger than 5 MB. Choose a smaller image.');
  }
  // At most a couple of decodes at a time server-wide: each can take seconds of CPU.
  return withImageSlot(() => reencodeImage(data, 'The logo'));
}

const ALREADY_SET_UP = 'Your business is already set up.';

/**
 * An owner without a business sets it up. The user row is locked first, so a double submit
 * creates one business; the logo is stored before commit, so a failed upload leaves nothing.
 * The owner's token does not carry the business yet: the next sign-in does.
 */
export async function createBusiness(
  deps: AccessDeps,
  principal: Principal,
  input: CreateBusinessInput,
  logo: LogoUpload | null,
): Promise<TBusiness> {
  // Decoding and encoding take CPU time: done before a database connection is taken, and only
  // for an owner who may still set up a business (a repeated upload must not cost seconds).
  const current = await inGlobal(deps.db, (tx) => findUserById(tx, principal.userId), principal);
  if (current?.businessId) throw new AppError('CONFLICT', ALREADY_SET_UP);
  const logoImage = logo ? await checkLogo(logo.data) : null;
  const businessId = randomUUID();
  return inNewTenant(deps.db, principal, businessId, async (scope) => {
    const owner = await lockUser(scope.tx, principal.userId);
    if (!owner) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    if (owner.businessId) throw new AppError('CONFLICT', ALREADY_SET_UP);
    const useUserAddress = input.useUserAddress === true && hasAddress(owner);
    const address = useUserAddress
      ? {
          street: owner.street,
          city: owner.city,
          state: owner.state,
          postalCode: owner.zipCode,
          country: owner.country,
        }
      : {
          street: input.address?.street ?? null,
          city: input.address?.city ?? null,
          state: input.address?.state ?? null,
          postalCode: input.address?.postalCode ?? null,
          country: input.address?.country ?? null,
        };
    let business = await insertBusiness(scope, {
      ownerUserId: owner.id,
      businessName: input.businessName,
      registrationNumber: input.registrationNumber ?? null,
      businessEmail: input.businessEmail ?? null,
      businessPhoneNumber: input.businessPhoneNumber ?? null,
      websiteUrl: input.websiteUrl ?? null,
      industryType: input.industryType ?? null,
      description: input.description ?? null,
      timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
      currency: input.currency ?? DEFAULT_CURRENCY,
      ...address,
    });
    await updateUser(scope.tx, owner.id, { businessId });
    if (logoImage) {
      const name = `${businessBlobPrefix(businessId)}logo.${EXTENSION[logoImage.contentType]}`;
      await deps.blobs.put(IMAGE_CONTAINER, name, logoImage.data, logoImage.contentType);
      await updateBusinessLogo(scope, name);
      business = { ...business, logoUrl: name };
    }
    return toBusiness(business);
  });
}

/** Members read their own business; any other id is 404. */
export async function getBusiness(deps: AccessDeps, principal: Principal, id: string): Promise<TBusiness> {
  if (!principal.businessId || principal.businessId !== id) throw notFound('The business');
  const row = await inTenant(deps.db, principal, (scope) => findBusiness(scope));
  if (!row) throw notFound('The business');
  return toBusiness(row);
}

/**
 * The first steps of a new business, from its data, for the dashboard's setup checklist: staff
 * from users, locations, stores and products through the catalogue's services (one `exists`
 * query each, in this same transaction). Discontinued rows count: the step was done.
 */
export async function getSetupProgress(
  deps: AccessDeps,
  principal: Principal,
  id: string,
): Promise<TSetupProgress> {
  if (!principal.businessId || principal.businessId !== id) throw notFound('The business');
  return inTenant(deps.db, principal, async (scope) => {
    if (!(await findBusiness(scope))) throw notFound('The business');
    const staff = await countStaff(scope.tx, scope.businessId);
    return {
      hasLocation: await existsAnyLocation(scope),
      hasStore: await existsAnyStore(scope),
      hasProducts: await existsAnyProduct(scope),
      hasStaff: staff > 0,
    };
  });
}

/**
 * The plan the scope's business is on, for the plan gate. With `lock`, the business row stays
 * locked to the end of the transaction: counted limits (stores, products) then cannot be passed
 * by two creations at once.
 */
export async function planOfBusiness(scope: TenantScope, options: { lock: boolean }): Promise<Plan> {
  const business = options.lock ? await lockBusiness(scope) : await findBusiness(scope);
  if (!business) throw notFound('The business');
  return getPlan(scope.tx, business.planId);
}

/**
 * Moves the business onto a plan: the plan gate's copy of its subscription, written by the
 * subscriptions module in the transaction that changes the subscription (after planOfBusiness
 * with lock, so changes to one business serialise).
 */
export async function setPlanOfBusiness(scope: TenantScope, planId: string): Promise<void> {
  await updateBusinessPlan(scope, planId);
}

/** What the payments module reads of the business: its account and the owner-facing details. */
export type PaymentAccountOfBusiness = {
  accountId: string | null;
  onboardingComplete: boolean;
  businessName: string;
  businessEmail: string | null;
  active: boolean;
};

/** The business's payment account, the business row locked if asked (before creating one). */
export async function paymentAccountOfBusiness(
  scope: TenantScope,
  options: { lock: boolean },
): Promise<PaymentAccountOfBusiness> {
  const business = options.lock ? await lockBusiness(scope) : await findBusiness(scope);
  if (!business) throw notFound('The business');
  return {
    accountId: business.stripeAccountId,
    onboardingComplete: business.stripeOnboardingComplete,
    businessName: business.businessName,
    businessEmail: business.businessEmail,
    active: business.active,
  };
}

/** Records the payment account the provider opened, or its onboarding state. */
export async function setPaymentAccountOfBusiness(
  scope: TenantScope,
  changes: { stripeAccountId?: string; stripeOnboardingComplete?: boolean },
): Promise<void> {
  await updateBusinessPaymentAccount(scope, changes);
}

/** Staff users of the business, as the plan's staff limit counts them. */
export async function countStaffOfBusiness(scope: TenantScope): Promise<number> {
  return countStaff(scope.tx, scope.businessId);
}

/** The IANA time zone the business reads its days and weeks in (DESIGN 13). */
export async function timeZoneOfBusiness(scope: TenantScope): Promise<string> {
  const business = await findBusiness(scope);
  if (!business) throw notFound('The business');
  return business.timeZone;
}

/** What a report prints of its business: the name, the calendar's time zone, the currency. */
export async function reportHeaderOfBusiness(
  scope: TenantScope,
): Promise<{ businessName: string; timeZone: string; currency: string }> {
  const business = await findBusiness(scope);
  if (!business) throw notFound('The business');
  return { businessName: business.businessName, timeZone: business.timeZone, currency: business.currency };
}

export function toBusiness(row: BusinessRow): TBusiness {
  return {
    id: row.id,
    businessName: row.businessName,
    registrationNumber: row.registrationNumber,
    businessEmail: row.businessEmail,
    businessPhoneNumber: row.businessPhoneNumber,
    websiteUrl: row.websiteUrl,
    industryType: row.industryType,
    description: row.description,
    dateEstablished: row.dateEstablished,
    logoUrl: row.logoUrl,
    active: row.active,
    stripeAccountId: row.stripeAccountId,
    stripeOnboardingComplete: row.stripeOnboardingComplete,
    timeZone: row.timeZone,
    currency: row.currency,
    address: {
      street: row.street,
      city: row.city,
      state: row.state,
      zipCode: row.postalCode,
      postalCode: row.postalCode,
      country: row.country,
    },
  };
}
