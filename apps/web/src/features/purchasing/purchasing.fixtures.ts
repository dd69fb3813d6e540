import {
  API,
  formatPurchaseOrderNumber,
  type TInventoryItem,
  type TLocation,
  type TPage,
  type TPurchaseOrder,
  type TPurchaseOrderLine,
  type TPurchaseOrderSummary,
  type TSuggestionGroup,
  type TSupplier,
} from '@app/contracts';
import { jsonResponse } from '../../test/fixtures';
import { serveRoutes, type FetchHandler, type Route } from '../../test/render';

/** Orders, suppliers and stock records as the server answers them, for the screens' tests. */

const NOW = '2026-03-02T09:30:00.000Z';

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
    usedBy: 'WAREHOUSE',
    createdAt: NOW,
    updatedAt: NOW,
  };
}

export const DEPOT = makeLocation('8d1f2a4c-0000-4000-8000-000000000012', 'North Depot');
export const HIGH_STREET = makeLocation('8d1f2a4c-0000-4000-8000-000000000011', 'High Street');

export function makeSupplier(id: string, name: string, email: string | null): TSupplier {
  return {
    id,
    supplierId: id,
    name,
    contactName: null,
    email,
    phone: null,
    address: null,
    notes: null,
    leadTimeDays: 5,
    active: true,
    createdAt: NOW,
    updatedAt: NOW,
  };
}

export const FRESH_FARMS = makeSupplier(
  '5a000000-0000-4000-8000-000000000001',
  'Fresh Farms',
  'orders@freshfarms.example',
);
export const BEAN_CO = makeSupplier('5a000000-0000-4000-8000-000000000002', 'Bean Co', null);

export function makeItem(
  productId: string,
  sku: string,
  productName: string,
  averageUnitCost: string | null,
  quantity = 4,
): TInventoryItem {
  return {
    id: productId.replace(/^.{4}/, 'beef'),
    inventoryId: productId.replace(/^.{4}/, 'beef'),
    locationId: DEPOT.id,
    productId,
    sku,
    barcode: null,
    productName,
    quantity,
    reorderPoint: 10,
    averageUnitCost,
    active: true,
    createdAt: NOW,
    updatedAt: NOW,
  };
}

export const COFFEE = makeItem(
  '9c000000-0000-4000-8000-000000000001',
  'COF-500',
  'Ground coffee 500 g',
  '6.4567',
  3,
);
export const TEA = makeItem(
  '9c000000-0000-4000-8000-000000000002',
  'TEA-100',
  'Black tea 100 bags',
  null,
  12,
);

export function makeLine(
  lineNo: number,
  item: TInventoryItem,
  quantity: number,
  unitCost: string,
  received = 0,
  damaged = 0,
  isOpen = true,
): TPurchaseOrderLine {
  const id = `1e000000-0000-4000-8000-00000000000${lineNo}`;
  return {
    id,
    lineId: id,
    lineNo,
    productId: item.productId,
    sku: item.sku,
    productName: item.productName,
    quantity,
    unitCost,
    lineCost: (quantity * Number(unitCost)).toFixed(2),
    receivedQuantity: received,
    damagedQuantity: damaged,
    outstandingQuantity: isOpen ? quantity - received : 0,
  };
}

export function makeOrder(overrides: Partial<TPurchaseOrder> = {}): TPurchaseOrder {
  const number = overrides.number ?? 12;
  const lines = overrides.lines ?? [makeLine(1, COFFEE, 20, '6.50'), makeLine(2, TEA, 10, '2.00')];
  const sum = (pick: (line: TPurchaseOrderLine) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  const money = (pick: (line: TPurchaseOrderLine) => number) =>
    lines.reduce((total, line) => total + pick(line) * Number(line.unitCost), 0).toFixed(2);
  const id = overrides.id ?? '0d000000-0000-4000-8000-000000000012';
  return {
    id,
    purchaseOrderId: id,
    number,
    orderNumber: formatPurchaseOrderNumber(number),
    status: 'SENT',
    supplierId: FRESH_FARMS.id,
    supplierName: FRESH_FARMS.name,
    supplierEmail: FRESH_FARMS.email,
    locationId: DEPOT.id,
    locationName: DEPOT.name,
    expectedAt: '2026-03-09',
    note: null,
    lineCount: lines.length,
    orderedQuantity: sum((line) => line.quantity),
    receivedQuantity: sum((line) => line.receivedQuantity),
    totalCost: money((line) => line.quantity),
    createdBy: null,
    createdAt: NOW,
    updatedAt: NOW,
    sentAt: NOW,
    receivedAt: null,
    closedAt: null,
    cancelledAt: null,
    lines,
    totals: {
      orderedQuantity: sum((line) => line.quantity),
      receivedQuantity: sum((line) => line.receivedQuantity),
      damagedQuantity: sum((line) => line.damagedQuantity),
      outstandingQuantity: sum((line) => line.outstandingQuantity),
      totalCost: money((line) => line.quantity),
      receivedCost: money((line) => line.receivedQuantity),
      damagedCost: money((line) => line.damagedQuantity),
    },
    receipts: [],
    ...overrides,
  };
}

export function summaryOf(order: TPurchaseOrder): TPurchaseOrderSummary {
  const { supplierEmail: _email, lines: _lines, totals: _totals, receipts: _receipts, ...summary } = order;
  return summary;
}

export function pageOf<T>(content: T[], page = 0, size = 10, totalElements = content.length): TPage<T> {
  return { content, page, size, totalElements, totalPages: Math.ceil(totalElements / size) };
}

export function makeGroup(overrides: Partial<TSuggestionGroup> = {}): TSuggestionGroup {
  return {
    supplierId: FRESH_FARMS.id,
    supplierName: FRESH_FARMS.name,
    leadTimeDays: 5,
    isLeadTimeAssumed: false,
    canOrder: true,
    lines: [
      {
        productId: COFFEE.productId,
        sku: COFFEE.sku,
        productName: COFFEE.productName,
        quantity: 3,
        reorderPoint: 10,
        onOrder: 0,
        drafted: 0,
        forecastDemand: 4,
        targetLevel: 14,
        suggestedQuantity: 11,
        unitCost: '6.46',
        lineCost: '71.06',
      },
    ],
    totalCost: '71.06',
    ...overrides,
  };
}

/** The reads every purchasing screen makes: the locations and the suppliers. */
export const COMMON_ROUTES: Route[] = [
  { path: API.locations.business, answer: () => jsonResponse(200, [DEPOT, HIGH_STREET]) },
  { path: API.suppliers.root, answer: () => jsonResponse(200, pageOf([FRESH_FARMS, BEAN_CO])) },
  {
    path: API.inventory.productsSearch,
    answer: (request) => {
      const query = (new URL(request.url).searchParams.get('query') ?? '').toLowerCase();
      const found = [COFFEE, TEA].filter(
        (item) =>
          item.sku.toLowerCase().startsWith(query) || item.productName.toLowerCase().startsWith(query),
      );
      return jsonResponse(200, pageOf(found));
    },
  },
];

/** A fake server: the test's routes first, then the common reads. */
export function serve(routes: Route[]): FetchHandler {
  return serveRoutes([...routes, ...COMMON_ROUTES]);
}
