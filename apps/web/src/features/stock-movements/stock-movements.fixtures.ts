import type {
  TCreatedMovements,
  TLocation,
  TPage,
  TSkuSuggestion,
  TStockMovement,
  TWeeklyMovement,
} from '@app/contracts';

/** Answers of the movement calls for the component tests. */

const NOW = '2026-11-20T09:30:00.000Z';

export function makeLocation(id: string, name: string, usedBy: TLocation['usedBy']): TLocation {
  return {
    id,
    locationId: id,
    name,
    street: null,
    city: 'Bath',
    state: null,
    zipCode: null,
    country: null,
    latitude: null,
    longitude: null,
    phone: null,
    active: true,
    usedBy,
    createdAt: NOW,
    updatedAt: NOW,
  };
}

export const DEPOT = makeLocation('7a000000-0000-4000-8000-000000000001', 'North Depot', 'WAREHOUSE');
export const HIGH_STREET = makeLocation('7a000000-0000-4000-8000-000000000002', 'High Street', 'STORE');
export const RIVERSIDE = makeLocation('7a000000-0000-4000-8000-000000000003', 'Riverside', 'STORE');

export const BATCH_ID = '5b000000-0000-4000-8000-0000000000b1';

export function makeMovement(overrides: Partial<TStockMovement> & { id: string }): TStockMovement {
  return {
    movementId: overrides.id,
    batchId: null,
    type: 'SINGLE',
    sku: 'COF-500',
    productName: 'Ground coffee 500 g',
    productId: '6a000000-0000-4000-8000-00000000c0ff',
    sourceLocationId: DEPOT.id,
    sourceLocationName: DEPOT.name,
    destinationLocationId: HIGH_STREET.id,
    destinationLocationName: HIGH_STREET.name,
    quantity: 12,
    status: 'PENDING',
    note: null,
    failedAttempts: 0,
    isLocked: false,
    createdBy: null,
    createdAt: NOW,
    sourceValidatedAt: null,
    destinationValidatedAt: null,
    cancelledAt: null,
    unitCost: null,
    receivedQuantity: null,
    discrepancyReason: null,
    discrepancyNote: null,
    ...overrides,
  };
}

export const PENDING = makeMovement({ id: '4c000000-0000-4000-8000-000000000001' });
export const IN_TRANSIT = makeMovement({
  id: '4c000000-0000-4000-8000-000000000002',
  sku: 'TEA-01',
  productName: 'Green tea',
  quantity: 5,
  status: 'IN_TRANSIT',
  destinationLocationId: RIVERSIDE.id,
  destinationLocationName: RIVERSIDE.name,
  batchId: BATCH_ID,
  type: 'BATCH',
});
export const COMPLETED = makeMovement({
  id: '4c000000-0000-4000-8000-000000000003',
  sku: 'JAM-02',
  productName: 'Strawberry jam',
  quantity: 30,
  status: 'COMPLETED',
});
export const LOCKED = makeMovement({
  id: '4c000000-0000-4000-8000-000000000004',
  sku: 'OIL-75',
  productName: 'Olive oil 750 ml',
  failedAttempts: 5,
  isLocked: true,
});

export function pageOf<T>(content: T[], page = 0, size = 10, totalElements = content.length): TPage<T> {
  return { content, page, size, totalElements, totalPages: Math.ceil(totalElements / size) };
}

export const COFFEE_SUGGESTION: TSkuSuggestion = {
  productId: '6a000000-0000-4000-8000-00000000c0ff',
  inventoryId: '6b000000-0000-4000-8000-00000000c0ff',
  sku: 'COF-500',
  productName: 'Ground coffee 500 g',
  barcode: null,
  quantity: 24,
};

export function createdOf(movements: TStockMovement[]): TCreatedMovements {
  return {
    batchId: movements.length > 1 ? BATCH_ID : null,
    sourceValidationCode: '482913',
    destinationValidationCode: '075316',
    movements,
  };
}

export const WEEKS: TWeeklyMovement[] = [
  '2026-09-28',
  '2026-10-05',
  '2026-10-12',
  '2026-10-19',
  '2026-10-26',
  '2026-11-02',
  '2026-11-09',
  '2026-11-16',
].map((weekStart, index) => ({ weekStart, unitsOut: index * 10, unitsIn: index * 8 }));

export const QUIET_WEEKS: TWeeklyMovement[] = WEEKS.map((week) => ({ ...week, unitsOut: 0, unitsIn: 0 }));
