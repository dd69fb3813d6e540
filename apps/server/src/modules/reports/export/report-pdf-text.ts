import type { ReportColumnType, TReportCell } from '@app/contracts';

/**
 * Text for the PDF's built-in fonts, the figures as a reader expects them, and one-line labels.
 *
 * Helvetica, like every standard PDF font, draws WinAnsi only: Latin-1 and a few typographic
 * marks. pdfkit writes any other character as the bytes of its code, which show as unrelated
 * Latin letters (a Chinese product name prints as "N-e‡"), without an error. So every text is
 * folded first: accents that Latin-1 lacks come off their letter (ő, ł), typographic spaces and
 * dashes become plain ones, and what is left (Greek, Cyrillic, CJK, emoji) prints as "?". The
 * XLSX and CSV exports keep the text whole; the PDF says so when it had to replace something.
 */

/** The characters outside Latin-1 that WinAnsi has (pdfkit's WIN_ANSI_MAP). */
const WIN_ANSI_EXTRAS = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019,
  0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

/** Letters and signs Unicode does not decompose, with what reads the same in WinAnsi. */
const SUBSTITUTES: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '—',
  '\u2212': '-',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2032': "'",
  '\u2033': '"',
};

export const UNDRAWABLE = '?';

const isDrawable = (code: number): boolean =>
  (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(code);

/**
 * The text as the built-in fonts can draw it; line breaks are kept when `keepLines` (the
 * summary's paragraphs), else they become spaces (titles, cells, labels).
 */
export function drawableText(text: string, keepLines = false): string {
  let out = '';
  for (const character of text.replace(/\r\n?/g, '\n').normalize('NFC')) {
    const code = character.codePointAt(0) ?? 0;
    if (isDrawable(code)) out += character;
    else if (character === '\n') out += keepLines ? '\n' : ' ';
    else if (/[\p{Zs}\t]/u.test(character)) out += ' ';
    // Format characters (zero-width spaces, joiners, direction marks) and combining marks left
    // without a letter to combine with show nothing anyway.
    else if (/[\p{Cf}\p{M}]/u.test(character)) continue;
    else if (/\p{Cc}/u.test(character)) out += ' ';
    else out += SUBSTITUTES[character] ?? foldedOrUndrawable(character);
  }
  // Paragraphs are spaced by the PDF's paragraph gap, so blank lines between them go.
  return keepLines ? out.replace(/ *\n[\s]*/g, '\n').trim() : out;
}

function foldedOrUndrawable(character: string): string {
  // NFKD takes the accent off a letter (ő -> o) and splits ligatures and full-width forms.
  const folded = character.normalize('NFKD').replace(/\p{M}/gu, '');
  const isFoldedDrawable =
    folded.length > 0 && [...folded].every((each) => isDrawable(each.codePointAt(0) ?? 0));
  return isFoldedDrawable ? folded : UNDRAWABLE;
}

/** Whether drawableText leaves the text's letters as they are (no "?" put in for one). */
export function isFullyDrawable(text: string): boolean {
  return drawableText(text, true).split(UNDRAWABLE).length === text.split(UNDRAWABLE).length;
}

const PLAIN_DECIMAL = /^(-?)(\d+)(\.\d+)?$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** 1234567.5 -> "1,234,567.5", from the decimal's text so that no digit is rounded away. */
function groupDecimal(text: string): string | null {
  const parts = PLAIN_DECIMAL.exec(text);
  if (!parts) return null;
  const [, sign = '', whole = '', fraction = ''] = parts;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const moneyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const compactFormat = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * A table cell as printed: grouped thousands, money with its cents, percent with its sign.
 * `decimals` gives the numbers of a column one count of decimals, so that they line up.
 */
export function formatCell(cell: TReportCell, type: ReportColumnType, decimals?: number): string {
  if (cell === null) return type === 'text' ? '' : '–';
  if (type === 'text' || type === 'date') return typeof cell === 'number' ? String(cell) : cell;
  if (typeof cell === 'string') {
    const grouped = groupDecimal(cell);
    if (grouped === null) return cell;
    return type === 'percent' ? `${grouped}%` : grouped;
  }
  if (!Number.isFinite(cell)) return '';
  switch (type) {
    case 'money':
      return moneyFormat.format(cell);
    case 'percent':
      return `${fixedFormat(decimals).format(cell)}%`;
    case 'integer':
      return integerFormat.format(cell);
    case 'number':
      return fixedFormat(decimals).format(cell);
  }
}

const fixedFormats = [0, 1, 2].map(
  (digits) =>
    new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }),
);

function fixedFormat(decimals: number | undefined): Intl.NumberFormat {
  return decimals === undefined
    ? numberFormat
    : (fixedFormats[Math.min(Math.max(decimals, 0), 2)] ?? numberFormat);
}

/** The decimals a column's numbers need, at most 2: 38 and 28.7 print as 38.0 and 28.7. */
export function decimalsOf(cells: readonly TReportCell[]): number {
  let decimals = 0;
  for (const cell of cells) {
    if (typeof cell !== 'number' || !Number.isFinite(cell)) continue;
    const fraction = numberFormat.format(cell).split('.')[1] ?? '';
    decimals = Math.max(decimals, fraction.length);
  }
  return decimals;
}

/** A chart's value next to its bar: money with its cents, units as counted. */
export function formatValue(value: number, unit: 'money' | 'units'): string {
  // -0 (a product of 0 and a negative number) would print as "-0.00".
  if (value === 0) value = 0;
  return unit === 'money' ? moneyFormat.format(value) : numberFormat.format(value);
}

/** An axis tick: short (1.2K, 3M), since ticks are round numbers. */
export function formatTick(value: number): string {
  if (value === 0) value = 0;
  return Math.abs(value) < 10_000 ? numberFormat.format(value) : compactFormat.format(value);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A chart's x label: a day (yyyy-MM-dd) as "27 Nov", a month (yyyy-MM) as "Nov 2026". */
export function formatCategory(label: string, isManyYears: boolean): string {
  if (ISO_DAY.test(label)) {
    const month = MONTHS[Number(label.slice(5, 7)) - 1] ?? label.slice(5, 7);
    const day = `${Number(label.slice(8, 10))} ${month}`;
    return isManyYears ? `${day} ${label.slice(2, 4)}` : day;
  }
  if (/^\d{4}-\d{2}$/.test(label))
    return `${MONTHS[Number(label.slice(5, 7)) - 1] ?? ''} ${label.slice(0, 4)}`;
  return drawableText(label);
}

export function isIsoDay(label: string): boolean {
  return ISO_DAY.test(label);
}

type Doc = PDFKit.PDFDocument;

/** The grey of secondary text: labels, ticks, notes. */
export const MUTED = '#5f6b76';

type LabelOptions = {
  width: number;
  size?: number;
  font?: string;
  color?: string;
  align?: 'left' | 'right' | 'center';
};

/**
 * One line of text, cut with an ellipsis where it would leave its width. It leaves doc.x and
 * doc.y where they were: the callers place their labels themselves.
 */
export function label(doc: Doc, text: string, x: number, y: number, options: LabelOptions): void {
  const size = options.size ?? 8;
  const { x: beforeX, y: beforeY } = doc;
  doc
    .font(options.font ?? 'Helvetica')
    .fontSize(size)
    .fillColor(options.color ?? MUTED)
    .text(drawableText(text), x, y, {
      width: Math.max(options.width, 1),
      height: size * 1.5,
      lineBreak: false,
      ellipsis: true,
      align: options.align ?? 'left',
    });
  doc.x = beforeX;
  doc.y = beforeY;
}
