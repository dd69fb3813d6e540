import type { ReportColumnType, TReportTable } from '@app/contracts';
import { decimalsOf, drawableText, formatCell, label } from './report-pdf-text.js';

/**
 * A report table in the PDF: a filled header row (repeated at the top of each page the table goes
 * on to), zebra rows, numbers right-aligned, a cell too long for its column cut with an ellipsis.
 * Columns get the width their content needs; when the page is too narrow, numbers keep theirs and
 * text columns share what is left. A table of many columns that does not fit upright goes on
 * landscape pages.
 */

/** Up to this many columns a table always fits upright (text columns give way). */
const UPRIGHT_COLUMNS = 6;
const PADDING = 4;
const HEADER_FILL = '#e3e9f0';
const ZEBRA_FILL = '#f5f7f9';
const RULE = '#c9d1da';
/** A text column keeps at least this much when the table is too wide (unless it needs less). */
const MIN_TEXT_WIDTH = 56;

type Doc = PDFKit.PDFDocument;
type Area = { x: number; width: number; bottom: number };

/** The font size of a table's cells: smaller as the columns get more. */
export function tableFontSize(columnCount: number): number {
  if (columnCount <= 6) return 9;
  if (columnCount <= 8) return 8.5;
  return columnCount <= 12 ? 8 : 7;
}

/** Whether the table needs the width of a landscape page: many columns that do not fit upright. */
export function isWideTable(doc: Doc, table: TReportTable, portraitWidth: number): boolean {
  if (table.columns.length <= UPRIGHT_COLUMNS) return false;
  const size = tableFontSize(table.columns.length);
  return sum(naturalWidths(doc, table, printedCells(table), size, true)) > portraitWidth;
}

/**
 * Draws the table from doc.y; `area` gives the current page's text area, and `newPage` starts
 * the next page of the same orientation and answers its area.
 */
export function drawTable(doc: Doc, table: TReportTable, area: Area, newPage: () => Area): void {
  const size = tableFontSize(table.columns.length);
  const rowHeight = size + 2 * PADDING + 1;
  const cells = printedCells(table);
  const widths = columnWidths(doc, table, cells, area.width, size);
  const tableWidth = sum(widths);
  const headerHeight = headerHeightOf(doc, table, widths, size);
  const alignOf = (index: number) => (isNumeric(table.columns[index]?.type ?? 'text') ? 'right' : 'left');
  let page = area;

  // The title stays with the header and the first rows.
  if (doc.y + 18 + headerHeight + 2 * rowHeight > page.bottom) page = newPage();
  label(doc, table.title, page.x, doc.y, {
    width: page.width,
    size: 11,
    font: 'Helvetica-Bold',
    color: '#000',
  });
  doc.y += 18;

  const header = (isContinued: boolean) => {
    if (isContinued) {
      label(doc, `${table.title} (continued)`, page.x, doc.y, { width: page.width, size: 8 });
      doc.y += 13;
    }
    const top = doc.y;
    doc.rect(page.x, top, tableWidth, headerHeight).fillColor(HEADER_FILL).fill();
    let x = page.x;
    table.columns.forEach((column, index) => {
      const width = widths[index] ?? 0;
      doc
        .font('Helvetica-Bold')
        .fontSize(size)
        .fillColor('#1d2733')
        .text(drawableText(column.label), x + PADDING, top + PADDING, {
          width: Math.max(width - 2 * PADDING, 1),
          height: headerHeight - PADDING,
          ellipsis: true,
          align: alignOf(index),
        });
      x += width;
    });
    doc.x = page.x;
    doc.y = top + headerHeight;
  };

  header(false);
  if (table.rows.length === 0) {
    label(doc, 'No data', page.x + PADDING, doc.y + PADDING, {
      width: tableWidth - 2 * PADDING,
      size,
      font: 'Helvetica-Oblique',
    });
    doc.y += rowHeight;
  }
  cells.forEach((row, rowIndex) => {
    if (doc.y + rowHeight > page.bottom) {
      page = newPage();
      header(true);
    }
    const top = doc.y;
    if (rowIndex % 2 === 1) doc.rect(page.x, top, tableWidth, rowHeight).fillColor(ZEBRA_FILL).fill();
    let x = page.x;
    row.forEach((text, index) => {
      const width = widths[index] ?? 0;
      label(doc, text, x + PADDING, top + PADDING + 0.5, {
        width: width - 2 * PADDING,
        size,
        color: '#111',
        align: alignOf(index),
      });
      x += width;
    });
    doc.y = top + rowHeight;
  });
  doc
    .moveTo(page.x, doc.y)
    .lineTo(page.x + tableWidth, doc.y)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  if (table.note) {
    doc.y += 4;
    if (doc.y + 12 > page.bottom) page = newPage();
    doc
      .font('Helvetica-Oblique')
      .fontSize(8)
      .fillColor('#555')
      .text(drawableText(table.note), page.x, doc.y, { width: page.width });
  }
  doc.fillColor('#000');
}

/** The cells as printed (formatted, folded to the font), one array per row, one per column. */
function printedCells(table: TReportTable): string[][] {
  const decimals = table.columns.map((_, index) => decimalsOf(table.rows.map((row) => row[index] ?? null)));
  return table.rows.map((row) =>
    table.columns.map((column, index) =>
      drawableText(formatCell(row[index] ?? null, column.type, decimals[index])),
    ),
  );
}

function isNumeric(type: ReportColumnType): boolean {
  return type === 'integer' || type === 'number' || type === 'money' || type === 'percent';
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/**
 * Each column's natural width is its widest cell or its header, written on one line when the
 * table fits so, else on two (then its longest word counts, or half the header). Spare room
 * goes mostly to text columns, which read better wide; missing room is taken from text columns
 * down to MIN_TEXT_WIDTH, numbers keeping theirs, then from all alike.
 */
function columnWidths(
  doc: Doc,
  table: TReportTable,
  cells: readonly string[][],
  available: number,
  size: number,
): number[] {
  const isText = table.columns.map((column) => !isNumeric(column.type));
  const oneLine = naturalWidths(doc, table, cells, size, false);
  const natural = sum(oneLine) <= available ? oneLine : naturalWidths(doc, table, cells, size, true);
  const total = sum(natural);
  if (total <= available) {
    const weights = natural.map((width, index) => width * (isText[index] ? 3 : 1));
    const weightTotal = sum(weights) || 1;
    return natural.map((width, index) => width + ((available - total) * (weights[index] ?? 0)) / weightTotal);
  }
  const floors = natural.map((width, index) => (isText[index] ? Math.min(width, MIN_TEXT_WIDTH) : width));
  const textTotal = sum(natural.filter((_, index) => isText[index]));
  if (sum(floors) > available || textTotal === 0) return natural.map((width) => (width * available) / total);
  // Text columns shrink towards their floors in proportion to what they have above them.
  const spare = available - sum(floors);
  const above = sum(natural.map((width, index) => width - (floors[index] ?? 0))) || 1;
  return natural.map(
    (width, index) => (floors[index] ?? 0) + ((width - (floors[index] ?? 0)) * spare) / above,
  );
}

function naturalWidths(
  doc: Doc,
  table: TReportTable,
  cells: readonly string[][],
  size: number,
  isHeaderWrapped: boolean,
): number[] {
  return table.columns.map((column, index) => {
    doc.font('Helvetica-Bold').fontSize(size);
    const label = drawableText(column.label);
    const full = doc.widthOfString(label);
    const longestWord = Math.max(0, ...label.split(/\s+/).map((word) => doc.widthOfString(word)));
    const header = isHeaderWrapped ? Math.max(longestWord, full / 2 + size) : full;
    doc.font('Helvetica').fontSize(size);
    const widest = Math.max(0, ...cells.map((row) => doc.widthOfString(row[index] ?? '')));
    return Math.max(header, widest) + 2 * PADDING + 1;
  });
}

/** The header row is as high as its longest label needs, at most three lines. */
function headerHeightOf(doc: Doc, table: TReportTable, widths: readonly number[], size: number): number {
  doc.font('Helvetica-Bold').fontSize(size);
  const lineHeight = doc.currentLineHeight(true);
  const lines = table.columns.map((column, index) => {
    const inner = Math.max((widths[index] ?? 0) - 2 * PADDING, 1);
    return Math.round(doc.heightOfString(drawableText(column.label), { width: inner }) / lineHeight);
  });
  return Math.min(3, Math.max(1, ...lines)) * lineHeight + 2 * PADDING;
}
