import type { TCycleCount, TCycleCountLine, TCycleCountSummary, TLocation, TPage } from '@app/contracts';

/** Sheets and lines as the server answers them, for the screens' tests. */

export const LOCATION_ID = '8d1f2a4c-0000-4000-8000-0000000000c1';
export const OTHER_LOCATION_ID = '8d1f2a4c-0000-4000-8000-0000000000c2';
export const COUNT_ID = '8d1f2a4c-0000-4000-8000-0000000000d1';
const FROZEN_AT = '2026-03-02T09:00:00.000Z';

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

export const LOCATIONS = [
  makeLocation(LOCATION_ID, 'High Street'),
  makeLocation(OTHER_LOCATION_ID, 'North Depot'),
];

const uuid = (prefix: string, no: number) => `${prefix}-0000-4000-8000-${String(no).padStart(12, '0')}`;

export function makeLine(lineNo: number, overrides: Partial<TCycleCountLine> = {}): TCycleCountLine {
  return {
    lineNo,
    productId: uuid('11111111', lineNo),
    inventoryId: uuid('22222222', lineNo),
    sku: `SKU-${lineNo}`,
    name: `Product ${lineNo}`,
    category: { id: uuid('33333333', 1), name: 'Dairy' },
    expectedQuantity: 10 * lineNo,
    unitCost: '2.5000',
    status: 'PENDING',
    countedQuantity: null,
    previousCountedQuantity: null,
    movedSinceFreeze: null,
    varianceUnits: null,
    varianceValue: null,
    appliedDelta: null,
    countedAt: null,
    ...overrides,
  };
}

/** A counted line: expected 10 × lineNo, `moved` since the freeze, `counted` found. */
export function countedLine(
  lineNo: number,
  counted: number,
  moved = 0,
  overrides: Partial<TCycleCountLine> = {},
): TCycleCountLine {
  const expected = 10 * lineNo;
  const variance = counted - (expected + moved);
  return makeLine(lineNo, {
    status: 'COUNTED',
    countedQuantity: counted,
    movedSinceFreeze: moved,
    varianceUnits: variance,
    varianceValue: (variance * 2.5).toFixed(2),
    countedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  });
}

function sumCents(lines: TCycleCountLine[], pick: (cents: number) => number): string {
  const cents = lines.reduce(
    (sum, line) => sum + pick(line.varianceValue === null ? 0 : Math.round(Number(line.varianceValue) * 100)),
    0,
  );
  return (cents / 100).toFixed(2);
}

export function makeSheet(lines: TCycleCountLine[], overrides: Partial<TCycleCount> = {}): TCycleCount {
  const counted = lines.filter((line) => line.status === 'COUNTED' || line.status === 'ACCEPTED');
  const varianceUnits = counted.reduce((sum, line) => sum + (line.varianceUnits ?? 0), 0);
  const varianceValueNet = sumCents(counted, (cents) => cents);
  return {
    id: COUNT_ID,
    locationId: LOCATION_ID,
    locationName: 'High Street',
    scope: { kind: 'ALL' },
    status: 'COUNTING',
    note: null,
    frozenAt: FROZEN_AT,
    createdBy: null,
    completedAt: null,
    cancelledAt: null,
    lineCount: lines.length,
    linesCounted: counted.length,
    varianceUnits,
    varianceValueNet,
    lines,
    totals: {
      lines: lines.length,
      linesCounted: counted.length,
      varianceUnits,
      varianceValueAbsolute: sumCents(counted, Math.abs),
      varianceValueNet,
    },
    ...overrides,
  };
}

/** The sheet as the list answers it: without lines and totals, with the summary's variance sums. */
export function summaryOf(sheet: TCycleCount): TCycleCountSummary {
  const { lines: _lines, totals: _totals, ...summary } = sheet;
  return summary;
}

export function pageOf<T>(content: T[], page = 0, size = 10, totalElements = content.length): TPage<T> {
  return { content, page, size, totalElements, totalPages: Math.ceil(totalElements / size) };
}
