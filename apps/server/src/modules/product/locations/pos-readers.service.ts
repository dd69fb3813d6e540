import { randomUUID } from 'node:crypto';
import type { TPosReader, ZPosReaderRegistration } from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../../platform/auth/guard.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { ProductDeps } from '../product.deps.js';
import { findUsersOfLocation, requireLocation } from './locations.service.js';
import type { PosTerminalProvider } from './pos-terminal-provider.js';
import {
  existsPosReaderLabel,
  findPosReadersAt,
  insertPosReader,
  type PosReaderRow,
} from './pos-readers.repository.js';

type Registration = z.output<typeof ZPosReaderRegistration>;

const labelTaken = (label: string) =>
  new AppError('CONFLICT', `A card reader named ${label} is already registered at this location.`, {
    field: 'label',
  });

/**
 * Registers a card reader at a store's location. The provider is called between two
 * transactions, never inside one: a network call must not hold the location's lock or a
 * connection. The first transaction refuses what can be refused before a one-time registration
 * code is spent; the second locks the location, checks again and records the reader. If that
 * fails, the provider takes the reader back.
 */
export async function registerPosReader(
  deps: ProductDeps,
  provider: PosTerminalProvider,
  principal: Principal,
  input: Registration,
): Promise<TPosReader> {
  await inTenant(deps.db, principal, async (scope) => {
    await requireStoreLocation(scope, input.locationId, { lock: false });
    if (await existsPosReaderLabel(scope, input.locationId, input.label)) throw labelTaken(input.label);
  });
  const registered = await provider.registerReader({
    registrationCode: input.registrationCode,
    label: input.label,
  });
  try {
    return await inTenant(deps.db, principal, async (scope) => {
      await requireStoreLocation(scope, input.locationId, { lock: true });
      try {
        const row = await insertPosReader(scope, {
          id: randomUUID(),
          locationId: input.locationId,
          label: input.label,
          providerReaderId: registered.providerReaderId,
          deviceType: registered.deviceType,
          status: registered.status,
          sandbox: provider.isSandbox,
          createdAt: deps.clock.now(),
        });
        return toPosReader(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw labelTaken(input.label);
        throw error;
      }
    });
  } catch (error) {
    await provider.removeReader(registered.providerReaderId).catch((removeError: unknown) => {
      deps.log.error(
        { err: removeError, providerReaderId: registered.providerReaderId },
        'could not take back a card reader whose registration failed',
      );
    });
    throw error;
  }
}

/** The readers at a location, by label (store details). */
export async function listPosReadersAt(scope: TenantScope, locationId: string): Promise<TPosReader[]> {
  return (await findPosReadersAt(scope, locationId)).map(toPosReader);
}

/** Card readers are store-only things (DESIGN 12): the location must serve an active store. */
async function requireStoreLocation(
  scope: TenantScope,
  locationId: string,
  options: { lock: boolean },
): Promise<void> {
  const location = await requireLocation(scope, locationId, { lock: options.lock, isActiveRequired: true });
  const { store, warehouse } = await findUsersOfLocation(scope, locationId);
  if (store?.active) return;
  const why = store
    ? `the store ${store.name} there is discontinued`
    : warehouse
      ? `the location ${location.name} serves the warehouse ${warehouse.name}`
      : `the location ${location.name} serves no store`;
  throw new AppError('CONFLICT', `Card readers belong to stores, and ${why}.`, { field: 'locationId' });
}

function toPosReader(row: PosReaderRow): TPosReader {
  return {
    id: row.id,
    readerId: row.id,
    locationId: row.locationId,
    label: row.label,
    providerReaderId: row.providerReaderId,
    deviceType: row.deviceType,
    status: row.status,
    sandbox: row.sandbox,
    createdAt: row.createdAt.toISOString(),
  };
}
