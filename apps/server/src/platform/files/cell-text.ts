import type { CellValue } from 'exceljs';

/**
 * The text a person sees in a cell, whatever exceljs made of it: a formula gives its cached result
 * (formulas are never evaluated: the file says what Excel last computed), rich text and hyperlinks
 * their text, an error cell its code (#N/A), booleans TRUE/FALSE, numbers their shortest decimal
 * form (12, 12.5, 4006381333931).
 */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  // String() prints integers below 1e21 in full, so a barcode stored as a number keeps its digits.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if ('richText' in value) return value.richText.map((run) => run.text ?? '').join('');
  if ('hyperlink' in value) return cellText(value.text);
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result);
  if ('error' in value) return value.error;
  return '';
}
