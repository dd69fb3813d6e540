import { ZPurchaseOrderLineRequest } from '@app/contracts';
import { toCents } from '../../lib/money';

// Apart from order-format.ts: only the draft editor needs the contracts' schema, so the list
// pages' chunks do not carry it.

/** The contracts' rule for a line's unit cost: money, 0 or more, at most two decimals. */
const UNIT_COST = ZPurchaseOrderLineRequest.shape.unitCost;

/**
 * What the unit cost field says when its text is not an amount. Short, for a narrow table cell;
 * the rule is the contracts' (money: 0 or more, at most two decimals).
 */
export const UNIT_COST_ERRORS = {
  missing: 'Enter the unit cost.',
  invalid: 'Enter an amount from 0, such as 2.50.',
} as const;

/** A typed unit cost in cents, or null while the contracts would refuse it ("abc", "-1", "1.234"). */
export function readCostCents(text: string): number | null {
  const checked = UNIT_COST.safeParse(text);
  return checked.success ? toCents(checked.data) : null;
}

/** The unit cost field's error for a typed text, or null when it is an amount the server takes. */
export function checkUnitCost(text: string): string | null {
  if (text.trim() === '') return UNIT_COST_ERRORS.missing;
  return readCostCents(text) === null ? UNIT_COST_ERRORS.invalid : null;
}
