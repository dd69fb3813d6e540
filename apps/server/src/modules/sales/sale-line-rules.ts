import { AppError } from '../../platform/http/app-error.js';
import type { ProductCode, ProductForSale } from '../product/products/products.service.js';
import type { NewSaleLine, SaleLineRow } from './sales.repository.js';

/**
 * The rules that name a line when they refuse it: which product a checkout line means, how many
 * units a refund may give back, and the stock function's refusal told in the line's words. Pure:
 * the service hands them what it read.
 */

/** How a checkout line names its product: the contract lets exactly one of these through. */
export function codeOf(line: { productId?: string; sku?: string; barcode?: string }): ProductCode {
  if (line.productId !== undefined) return { productId: line.productId };
  if (line.sku !== undefined) return { sku: line.sku };
  if (line.barcode !== undefined) return { barcode: line.barcode };
  throw new Error('the contract lets a line through only with one product code');
}

/**
 * The product a line names at the store: unknown or discontinued is 404 naming the line. A SKU is
 * compared in any case; when several products differ only in case, the exact spelling wins, and
 * without one the line is ambiguous (409).
 */
export function pickProduct(
  code: ProductCode,
  matches: readonly ProductForSale[],
  index: number,
  store: { name: string },
): ProductForSale {
  const line = `Line ${index + 1}`;
  const [first] = matches;
  const what =
    'productId' in code
      ? `product ${code.productId}`
      : 'sku' in code
        ? `SKU ${code.sku}`
        : `barcode ${code.barcode}`;
  if (!first) throw new AppError('NOT_FOUND', `${line}: no ${what} at ${store.name}.`, { index });
  if ('sku' in code && matches.length > 1 && first.sku !== code.sku)
    throw new AppError(
      'CONFLICT',
      `${line}: ${what} matches ${matches.map((m) => m.sku).join(', ')} at ${store.name}; send the SKU as written.`,
      { index },
    );
  if (!first.active)
    throw new AppError(
      'NOT_FOUND',
      `${line}: ${first.name} (SKU ${first.sku}) is discontinued at ${store.name}.`,
      {
        index,
      },
    );
  return first;
}

export function copyOf(product: ProductForSale) {
  return {
    productId: product.id,
    productName: product.name,
    sku: product.sku,
    barcode: product.barcode,
    categoryId: product.categoryId,
  };
}

/**
 * The units each line gives back: every unit not refunded yet when no lines are named, else the
 * named lines, each at most what is left of it (409 naming the line).
 */
export function unitsToRefund(
  lines: readonly SaleLineRow[],
  wanted: Array<{ lineNo: number; quantity: number }> | undefined,
): Array<{ line: SaleLineRow; units: number }> {
  if (!wanted) {
    const left = lines
      .map((line) => ({ line, units: line.quantity - line.refundedQuantity }))
      .filter(({ units }) => units > 0);
    if (left.length === 0)
      throw new AppError('CONFLICT', 'Everything of this sale has been refunded already.');
    return left;
  }
  const seen = new Set<number>();
  return wanted.map(({ lineNo, quantity }, index) => {
    const field = `lines.${index}.lineNo`;
    if (seen.has(lineNo))
      throw new AppError('VALIDATION_ERROR', `Line ${lineNo} is named twice.`, {
        fieldErrors: { [field]: [`Line ${lineNo} is named twice.`] },
      });
    seen.add(lineNo);
    const line = lines.find((candidate) => candidate.lineNo === lineNo);
    if (!line)
      throw new AppError('VALIDATION_ERROR', `The sale has no line ${lineNo}.`, {
        fieldErrors: { [field]: [`The sale has no line ${lineNo}.`] },
      });
    const left = line.quantity - line.refundedQuantity;
    if (quantity > left)
      throw new AppError(
        'CONFLICT',
        `Line ${lineNo}: ${left} of ${line.productName} ${left === 1 ? 'is' : 'are'} left to refund, not ${quantity}.`,
        { index, lineNo, left },
      );
    return { line, units: quantity };
  });
}

/** The stock function's refusal named after the first line of its product, details kept. */
export function namedShortage(
  error: unknown,
  lines: readonly NewSaleLine[],
  store: { name: string },
): unknown {
  if (!(error instanceof AppError) || (error.code !== 'INSUFFICIENT_STOCK' && error.code !== 'NOT_FOUND'))
    return error;
  const details = error.details ?? {};
  const index = lines.findIndex((line) => line.productId === details.productId);
  const line = lines[index];
  if (!line) return error;
  // NOT_FOUND: the product has no stock record at the store's location, so none in stock.
  const available = typeof details.available === 'number' ? details.available : 0;
  const requested = lines
    .filter((l) => l.productId === line.productId)
    .reduce((sum, l) => sum + l.quantity, 0);
  return new AppError(
    'INSUFFICIENT_STOCK',
    `Line ${index + 1}: only ${available} of ${line.productName} (SKU ${line.sku}) in stock at ${store.name}; ` +
      `this sale takes ${requested}.`,
    { ...details, available, requested, index },
  );
}
