import type { TLedgerEntry, TLocation, TPage, TSkuSuggestion, TStockRow } from '@app/contracts';

/** Rows as the server answers them, for the screen's tests. */
export function makeLocation(id: string, name: string): TLocation {
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
    usedBy: 'STORE',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

export const HIGH_STREET = makeLocation('8d1f2a4c-0000-4000-8000-000000000011', 'High Street');
export const DEPOT = makeLocation('8d1f2a4c-0000-4000-8000-000000000012', 'North Depot');

export function makeRow(
  overrides: Partial<TStockRow> & { id: string; sku: string; productName: string },
): TStockRow {
  return {
    inventoryId: overrides.id,
    locationId: HIGH_STREET.id,
    productId: `${overrides.id.slice(0, -4)}f00d`,
    barcode: null,
    quantity: 0,
    reorderPoint: null,
    averageUnitCost: null,
    active: true,
    inTransitIn: 0,
    inTransitOut: 0,
    isLowStock: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const OAT_MILK = makeRow({
  id: '5b0c1e2f-0000-4000-8000-00000000a001',
  sku: 'OAT-1L',
  productName: 'Oat milk 1 l',
  barcode: '4006381333931',
  quantity: 12,
  reorderPoint: 5,
  inTransitIn: 6,
  inTransitOut: 2,
});

export const RYE_BREAD = makeRow({
  id: '5b0c1e2f-0000-4000-8000-00000000a002',
  sku: 'RYE-800',
  productName: 'Rye bread 800 g',
  quantity: 3,
  reorderPoint: 10,
  isLowStock: true,
});

export const EMPTY_JAR = makeRow({
  id: '5b0c1e2f-0000-4000-8000-00000000a003',
  sku: 'JAR-250',
  productName: 'Honey jar 250 g',
  quantity: 0,
});

export function pageOf<T>(content: T[], page = 0, size = 10, totalElements = content.length): TPage<T> {
  return { content, page, size, totalElements, totalPages: Math.ceil(totalElements / size) };
}

/** A suggestion of the row's product; `hasRecord` false for a product without a stock record yet. */
export function suggestionOf(row: TStockRow, hasRecord = true): TSkuSuggestion {
  return {
    productId: row.productId,
    inventoryId: hasRecord ? row.id : null,
    sku: row.sku,
    productName: row.productName,
    barcode: row.barcode,
    quantity: row.quantity,
  };
}

export function makeLedgerEntry(
  overrides: Partial<TLedgerEntry> & { id: string; delta: number; quantityAfter: number },
): TLedgerEntry {
  return {
    inventoryId: OAT_MILK.id,
    reason: 'ADJUSTMENT',
    cause: null,
    reference: null,
    note: null,
    userId: '0b7e2a4c-2f55-4c1e-9a51-1f1f7d7a0001',
    userName: 'Ada Owner',
    createdAt: '2026-03-02T09:30:00.000Z',
    ...overrides,
  };
}
