import {
  isPermitted,
  ZCycleCountScope,
  type TCycleCount,
  type TCycleCountLine,
  type TCycleCountSummary,
} from '@app/contracts';
import { fromCents, toCents } from '../../../platform/money.js';
import type { LineView } from './cycle-count-lines.repository.js';
import type { SheetRow } from './cycle-counts.repository.js';

/** A sheet as every answer shows it; the scope is read back through its contract. */
export function toSummary(row: SheetRow): TCycleCountSummary {
  return {
    id: row.id,
    locationId: row.locationId,
    locationName: row.locationName,
    scope: ZCycleCountScope.parse(row.scope),
    status: row.status as TCycleCountSummary['status'],
    note: row.note,
    frozenAt: row.frozenAt.toISOString(),
    createdBy: row.createdBy,
    completedAt: row.completedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    lineCount: row.lineCount,
    linesCounted: row.linesCounted,
    varianceUnits: Number(row.varianceUnits),
    varianceValueNet: fromCents(toCents(row.varianceValueNet)),
  };
}

export function toLine(row: LineView): TCycleCountLine {
  return {
    lineNo: row.lineNo,
    productId: row.productId,
    inventoryId: row.inventoryId,
    sku: row.sku,
    name: row.productName,
    category:
      row.categoryId !== null && row.categoryName !== null
        ? { id: row.categoryId, name: row.categoryName }
        : null,
    expectedQuantity: row.expectedQuantity,
    unitCost: row.unitCost,
    status: row.status as TCycleCountLine['status'],
    countedQuantity: row.countedQuantity,
    previousCountedQuantity: row.previousCountedQuantity,
    movedSinceFreeze: row.movedSinceFreeze,
    varianceUnits: row.varianceUnits,
    varianceValue: row.varianceValue === null ? null : fromCents(toCents(row.varianceValue)),
    appliedDelta: row.appliedDelta,
    countedAt: row.countedAt?.toISOString() ?? null,
  };
}

/**
 * The sheet with its lines and totals. Totals are over the lines COUNTED or ACCEPTED (a line sent
 * back for recount waits for its new count): units summed, values summed as they are (net) and
 * without their sign (absolute: what the count found wrong either way).
 */
export function toSheet(row: SheetRow, views: readonly LineView[]): TCycleCount {
  const lines = views.map(toLine);
  let units = 0;
  let net = 0n;
  let absolute = 0n;
  let counted = 0;
  for (const line of lines) {
    if (line.status !== 'COUNTED' && line.status !== 'ACCEPTED') continue;
    counted += 1;
    units += line.varianceUnits ?? 0;
    const cents = line.varianceValue ? toCents(line.varianceValue) : 0n;
    net += cents;
    absolute += cents < 0n ? -cents : cents;
  }
  const varianceValueNet = fromCents(net);
  return {
    // The summary's sums are the totals' (the same lines, the same transaction's reading).
    ...toSummary(row),
    varianceUnits: units,
    varianceValueNet,
    lines,
    totals: {
      lines: lines.length,
      linesCounted: counted,
      varianceUnits: units,
      varianceValueAbsolute: fromCents(absolute),
      varianceValueNet,
    },
  };
}

/**
 * Whoever counts but does not review (the store assistant: inventory:adjust without
 * inventory:update) counts blind, so that the count says what is on the shelf and not what the
 * system expects.
 */
function countsBlind(roles: readonly string[]): boolean {
  return isPermitted(roles, 'inventory:adjust') && !isPermitted(roles, 'inventory:update');
}

/**
 * A sheet's summary as the reader's roles may see it: a blind counter gets no net variance in
 * units (a list of sheets would say how far off her counts were). The costs are the guard's cost
 * rule.
 */
export function summaryFor(roles: readonly string[], summary: TCycleCountSummary): TCycleCountSummary {
  if (!countsBlind(roles)) return summary;
  const { varianceUnits: _units, ...blind } = summary;
  return blind;
}

/**
 * The sheet as the reader's roles may see it. A blind counter (countsBlind) gets no expected or
 * moved quantities, no variances (the summary's and the totals' included), no earlier count of a
 * line sent back (a RECOUNT line keeps its count until the new one replaces it: shown, it would be
 * the count to copy). (The costs are the guard's cost rule.)
 */
export function sheetFor(roles: readonly string[], sheet: TCycleCount): TCycleCount {
  if (!countsBlind(roles)) return sheet;
  const { varianceUnits: _units, ...totals } = sheet.totals;
  const { varianceUnits: _summaryUnits, ...blind } = sheet;
  return {
    ...blind,
    lines: sheet.lines.map(
      ({
        expectedQuantity: _expected,
        movedSinceFreeze: _moved,
        varianceUnits: _variance,
        varianceValue: _value,
        previousCountedQuantity: _previous,
        appliedDelta: _applied,
        ...line
      }) => (line.status === 'RECOUNT' ? { ...line, countedQuantity: null, countedAt: null } : line),
    ),
    totals,
  };
}
