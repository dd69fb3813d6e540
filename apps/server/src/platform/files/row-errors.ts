import { MAX_LISTED_ROW_ERRORS, type TRowError } from '@app/contracts';
import { AppError } from '../http/app-error.js';

export type RowError = TRowError;

/**
 * The 400 that refuses a whole sheet: `details.rows` lists the first MAX_LISTED_ROW_ERRORS
 * problems in sheet order, `details.totalErrors` counts them all, and the message names the first
 * so that a client showing only the message still points at a row.
 */
export function sheetRefusal(errors: readonly RowError[]): AppError {
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  const first = sorted[0];
  const where = first
    ? `row ${first.row}${first.column ? `, column ${first.column}` : ''}: ${first.message}`
    : '';
  const message =
    sorted.length === 1
      ? `The sheet has a problem in ${where} Nothing was saved; correct it and upload the file again.`
      : `The sheet has ${sorted.length.toLocaleString('en')} problems, the first in ${where} Nothing was saved; correct them and upload the file again.`;
  return new AppError('VALIDATION_ERROR', message, {
    rows: sorted.slice(0, MAX_LISTED_ROW_ERRORS),
    totalErrors: sorted.length,
  });
}

/** A value quoted in a message, shortened: a sheet's cell can hold 32,767 characters. */
export function quoted(value: string): string {
  const short = value.length > 40 ? `${value.slice(0, 37)}...` : value;
  return `"${short}"`;
}
