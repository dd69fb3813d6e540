import type { ReportColumnType, TReport, TReportCell } from '@app/contracts';
import {
  type CsvCell,
  type CsvSection,
  writeCsvSections,
} from '../../../platform/files/spreadsheet-writer.js';

/**
 * A report as one CSV: every table in turn (its title line, header row and rows), a blank line
 * between two. Money and percent stay the decimals the report holds ("12.50", "-3.40", "12.3"),
 * so a spreadsheet reads them as numbers with their cents; text is escaped against formulas by
 * the writer. A report without tables is its title and summary, so the file is never empty.
 */
export function renderReportCsv(report: TReport): Buffer {
  const sections: CsvSection[] =
    report.tables.length > 0
      ? report.tables.map((table) => ({
          title: table.title,
          headers: table.columns.map((column) => column.label),
          rows: table.rows.map((row) =>
            table.columns.map((column, index) => csvCellOf(row[index] ?? null, column.type)),
          ),
        }))
      : [{ title: report.title, headers: ['Summary'], rows: [[report.summary]] }];
  return writeCsvSections(sections);
}

function csvCellOf(cell: TReportCell, type: ReportColumnType): CsvCell {
  if (cell === null || typeof cell === 'number') return cell;
  // A decimal string in a numeric column is a number; anything else there is written as text.
  return type === 'money' || type === 'percent' || type === 'integer' || type === 'number'
    ? { decimal: cell }
    : cell;
}
