import type { SheetCell } from '../../platform/files/spreadsheet-writer.js';
import { isoInTimeZone } from '../../platform/zoned-time.js';
import type { AuditRow } from './audit-reads.repository.js';

/** The columns of an audit export: the Logs screen's five, and the user's e-mail address. */
export const AUDIT_SHEET_HEADERS = [
  'Log ID',
  'User ID',
  'User e-mail',
  'Event Type',
  'Description',
  'Timestamp',
] as const;

/**
 * The rows of an export. Times are written in the business's time zone with its offset, as the
 * owner reads their day; the writer escapes any cell a spreadsheet would take for a formula (a
 * description is typed by users and may start with `=`).
 */
export function auditSheetRows(rows: readonly AuditRow[], timeZone: string): SheetCell[][] {
  return rows.map((row) => [
    row.id,
    row.user_id ?? '',
    row.user_email ?? '',
    row.event_type,
    row.description,
    isoInTimeZone(row.created_at, timeZone),
  ]);
}

/** `audit-log-2026-11-26.csv`: the day of the download in the business's time zone. */
export function auditFileName(now: Date, timeZone: string, format: 'csv' | 'xlsx'): string {
  return `audit-log-${isoInTimeZone(now, timeZone).slice(0, 10)}.${format}`;
}
