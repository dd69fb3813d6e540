import { MAX_SALE_LINE_QUANTITY, type TCreateSaleRequest, type TSaleProduct } from '@app/contracts';
import { toCents } from './format';

/**
 * A product as the till found it at the store's location: its price, the discount valid now and
 * the price after it, the units there when it was scanned.
 */
export type TillProduct = TSaleProduct;

export type BasketLine = {
  product: TillProduct;
  quantity: number;
  /** What the quantity field shows: a bad entry stays visible until it is corrected. */
  quantityText: string;
  /** The server's refusal of this line (stock, a discontinued product), until the line changes. */
  error: string | null;
};

export type BasketAction =
  | { type: 'added'; product: TillProduct }
  | { type: 'quantityTyped'; productId: string; text: string }
  | { type: 'stepped'; productId: string; delta: number }
  | { type: 'removed'; productId: string }
  | { type: 'refused'; index: number; message: string }
  | { type: 'cleared' };

export const EMPTY_BASKET: readonly BasketLine[] = [];

export function parseQuantity(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const quantity = Number(text.trim());
  return quantity >= 1 && quantity <= MAX_SALE_LINE_QUANTITY ? quantity : null;
}

export function isQuantityValid(line: BasketLine): boolean {
  return parseQuantity(line.quantityText) !== null;
}

function withQuantity(line: BasketLine, quantity: number): BasketLine {
  const bounded = Math.min(MAX_SALE_LINE_QUANTITY, Math.max(1, quantity));
  return { ...line, quantity: bounded, quantityText: String(bounded), error: null };
}

/**
 * One line per product: a second scan adds a unit to its line, so the sale's lines (and the
 * server's `details.index`) keep the basket's order.
 */
export function basketReducer(lines: readonly BasketLine[], action: BasketAction): readonly BasketLine[] {
  switch (action.type) {
    case 'added': {
      const existing = lines.find((line) => line.product.productId === action.product.productId);
      if (!existing)
        return [...lines, { product: action.product, quantity: 1, quantityText: '1', error: null }];
      // The fresh answer replaces the old one: the stock and the discount valid now.
      return lines.map((line) =>
        line === existing ? { ...withQuantity(line, line.quantity + 1), product: action.product } : line,
      );
    }
    case 'quantityTyped':
      return lines.map((line) => {
        if (line.product.productId !== action.productId) return line;
        const quantity = parseQuantity(action.text);
        return { ...line, quantity: quantity ?? line.quantity, quantityText: action.text, error: null };
      });
    case 'stepped':
      return lines.map((line) =>
        line.product.productId === action.productId ? withQuantity(line, line.quantity + action.delta) : line,
      );
    case 'removed':
      return lines.filter((line) => line.product.productId !== action.productId);
    case 'refused':
      return lines.map((line, index) => (index === action.index ? { ...line, error: action.message } : line));
    case 'cleared':
      return EMPTY_BASKET;
  }
}

/** quantity × (price − discount), in cents. */
export function lineTotalCents(line: BasketLine): number {
  return line.quantity * toCents(line.product.effectivePrice);
}

/** In cents, as the server will price the sale if nothing changes before it is recorded. */
export type BasketTotals = { units: number; subtotal: number; discount: number; total: number };

export function basketTotals(lines: readonly BasketLine[]): BasketTotals {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  let subtotal = 0;
  let discount = 0;
  for (const line of lines) {
    const price = toCents(line.product.price);
    const effective = toCents(line.product.effectivePrice);
    subtotal += line.quantity * price;
    discount += line.quantity * (price - effective);
  }
  return { units, subtotal, discount, total: subtotal - discount };
}

/** The lines of POST /api/sales, by product id: the product the till showed is the one sold. */
export function toSaleLines(lines: readonly BasketLine[]): TCreateSaleRequest['lines'] {
  return lines.map((line) => ({ productId: line.product.productId, quantity: line.quantity }));
}
