import { randomUUID } from 'node:crypto';
import type { TContainer, ZContainerRequest } from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../../platform/auth/guard.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { recordAuditEvent } from '../../audit/audit.service.js';
import type { ProductDeps } from '../product.deps.js';
import { requireStore, type StoreRow } from '../stores/stores.service.js';
import { kilogramsFromSql, kilogramsToSql } from './container-weights.js';
import {
  countContainersOf,
  deleteContainer,
  findContainer,
  findContainersOf,
  insertContainer,
  updateContainer,
  type ContainerRow,
  type ContainerValues,
} from './containers.repository.js';

export type ContainerInput = z.output<typeof ZContainerRequest>;

const CONTAINER_NOT_FOUND = 'The carrying container was not found.';
const CONTAINER_NOT_FOUND_HERE = 'The carrying container was not found at this store.';

export async function countActiveContainersOf(scope: TenantScope, storeId: string): Promise<number> {
  return countContainersOf(scope, storeId, { isActiveOnly: true });
}

/** Whether the store has carrying containers (it cannot be deleted then). */
export async function existsContainersOf(scope: TenantScope, storeId: string): Promise<boolean> {
  return (await countContainersOf(scope, storeId, { isActiveOnly: false })) > 0;
}

/** The containers of a store by name; discontinued ones only with `isActiveOnly: false`. */
export async function listContainersOf(
  deps: ProductDeps,
  principal: Principal,
  storeId: string,
  options: { isActiveOnly: boolean },
): Promise<TContainer[]> {
  return inTenant(deps.db, principal, async (scope) => {
    const rows = await findContainersOf(scope, storeId, options);
    // An empty list of an unknown store (or another business's) is a 404, not [].
    if (rows.length === 0) await requireStore(scope, storeId);
    return rows.map(toContainer);
  });
}

export async function getContainerAt(
  deps: ProductDeps,
  principal: Principal,
  containerId: string,
  storeId: string,
): Promise<TContainer> {
  return inTenant(deps.db, principal, async (scope) => {
    const row = await findContainer(scope, containerId);
    if (!row || row.storeId !== storeId) throw new AppError('NOT_FOUND', CONTAINER_NOT_FOUND_HERE);
    return toContainer(row);
  });
}

/** A new container of an active store; its code, if any, is free in that store. */
export async function createContainer(
  deps: ProductDeps,
  principal: Principal,
  input: ContainerInput,
): Promise<TContainer> {
  return withCodeClash(input, () =>
    inTenant(deps.db, principal, async (scope) => {
      const store = await requireActiveStore(scope, input.storeId);
      const row = await insertContainer(scope, randomUUID(), valuesOf(input));
      await recordAuditEvent(scope, {
        userId: principal.userId,
        eventType: 'CREATE_CONTAINER',
        description: `Carrying container ${labelOf(row)} was created at store ${store.name}.`,
      });
      return toContainer(row);
    }),
  );
}

/** Replaces the container's fields; another `storeId` moves it to that (active) store. */
export async function changeContainer(
  deps: ProductDeps,
  principal: Principal,
  id: string,
  input: ContainerInput,
): Promise<TContainer> {
  return withCodeClash(input, () =>
    inTenant(deps.db, principal, async (scope) => {
      const current = await findContainer(scope, id);
      if (!current) throw new AppError('NOT_FOUND', CONTAINER_NOT_FOUND);
      if (input.storeId !== current.storeId) await requireActiveStore(scope, input.storeId);
      const row = await updateContainer(scope, { id }, valuesOf(input));
      if (!row) throw new AppError('NOT_FOUND', CONTAINER_NOT_FOUND);
      return toContainer(row);
    }),
  );
}

/** Deletes the container; nothing else refers to one, so no history stands in the way. */
export async function removeContainer(deps: ProductDeps, principal: Principal, id: string): Promise<void> {
  await inTenant(deps.db, principal, async (scope) => {
    const row = await deleteContainer(scope, id);
    if (!row) throw new AppError('NOT_FOUND', CONTAINER_NOT_FOUND);
    const store = await requireStore(scope, row.storeId);
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'DELETE_CONTAINER',
      description: `Carrying container ${labelOf(row)} was deleted from store ${store.name}.`,
    });
  });
}

/** Reactivates (`active: true`) or discontinues the container found at the store. */
export async function setContainerActive(
  deps: ProductDeps,
  principal: Principal,
  id: string,
  storeId: string,
  active: boolean,
): Promise<TContainer> {
  return inTenant(deps.db, principal, async (scope) => {
    const row = await updateContainer(scope, { id, storeId }, { active });
    if (!row) throw new AppError('NOT_FOUND', CONTAINER_NOT_FOUND_HERE);
    return toContainer(row);
  });
}

async function requireActiveStore(scope: TenantScope, storeId: string): Promise<StoreRow> {
  const store = await requireStore(scope, storeId);
  if (!store.active) {
    throw new AppError('CONFLICT', `The store ${store.name} is discontinued. Reactivate it first.`, {
      field: 'storeId',
    });
  }
  return store;
}

function valuesOf(input: ContainerInput): ContainerValues {
  return {
    storeId: input.storeId,
    name: input.name,
    type: input.type,
    capacityKg: kilogramsToSql(input.capacityKg),
    tareWeightKg: kilogramsToSql(input.tareWeightKg),
    code: input.code,
  };
}

const labelOf = (row: ContainerRow) => (row.code ? `${row.name} (${row.code})` : row.name);

/**
 * The unique index `carrying_containers_code_key` (business, store, code) decides a code clash,
 * so two saves at once cannot both pass a check; its violation becomes a 409 on the code.
 */
async function withCodeClash<T>(input: ContainerInput, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError(
      'CONFLICT',
      `The store already has a carrying container with the code ${input.code ?? ''}.`,
      {
        field: 'code',
      },
    );
  }
}

export function toContainer(row: ContainerRow): TContainer {
  return {
    id: row.id,
    containerId: row.id,
    name: row.name,
    storeId: row.storeId,
    type: row.type,
    capacityKg: kilogramsFromSql(row.capacityKg),
    tareWeightKg: kilogramsFromSql(row.tareWeightKg),
    code: row.code,
    isActive: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
