import type { TReport } from '@app/contracts';
import PDFDocument from 'pdfkit';
import { chartHeight, drawChart } from './report-pdf-charts.js';
import { drawTable, isWideTable } from './report-pdf-table.js';
import { MUTED, drawableText, isFullyDrawable, label } from './report-pdf-text.js';
import type { ReportFileOptions } from './report-file-name.js';

/**
 * A report as a printable A4 document: a header (the business, the title, the question, when it
 * was generated), the summary, each chart drawn as vector graphics, each table, the questions
 * worth asking next, and "Page n of m" at the foot of every page (the pages are buffered so the
 * count is known when the footers are written). Every text the report brings (an answer may come
 * from a language model, a product name from a user) goes through pdfkit's text(), which writes
 * it as a string operand: nothing in a report becomes a PDF operator. The built-in fonts draw
 * Latin text only; other scripts print as "?" and the header says where the full text is.
 */

const MARGIN = 48;
/** A4 upright is 595.28 points wide. */
const PORTRAIT_WIDTH = 595.28 - 2 * MARGIN;
const FOOTER_GAP = 22;
const BLOCK_GAP = 16;
const ACCENT = '#2f6fb2';
export const UNDRAWABLE_NOTE =
  'Some characters cannot be printed in this font and show as "?"; the XLSX and CSV exports have them.';

type Doc = PDFKit.PDFDocument;

export async function renderReportPdf(report: TReport, options: ReportFileOptions): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      // The document's properties are written as Unicode strings, so the title is kept whole.
      Title: report.title,
      Author: options.businessName,
      Subject: report.question,
      Creator: 'Retail back-office',
      CreationDate: new Date(report.generatedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  header(doc, report, options);
  summary(doc, report.summary);
  for (const chart of report.charts) {
    const height = chartHeight(chart);
    if (doc.y + height > bottomOf(doc)) doc.addPage();
    drawChart(doc, chart, { x: MARGIN, y: doc.y, width: widthOf(doc) });
    doc.y += BLOCK_GAP;
  }
  for (const table of report.tables) {
    const layout = isWideTable(doc, table, PORTRAIT_WIDTH) ? 'landscape' : 'portrait';
    if (doc.page.layout !== layout) doc.addPage({ size: 'A4', margin: MARGIN, layout });
    doc.y += 2;
    drawTable(doc, table, areaOf(doc), () => {
      doc.addPage({ size: 'A4', margin: MARGIN, layout });
      return areaOf(doc);
    });
    doc.y += BLOCK_GAP;
  }
  followUps(doc, report.followUps);
  footers(doc, report, options);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function widthOf(doc: Doc): number {
  return doc.page.width - 2 * MARGIN;
}

function bottomOf(doc: Doc): number {
  return doc.page.height - MARGIN;
}

function areaOf(doc: Doc) {
  return { x: MARGIN, width: widthOf(doc), bottom: bottomOf(doc) };
}

function header(doc: Doc, report: TReport, options: ReportFileOptions): void {
  const width = widthOf(doc);
  label(doc, options.businessName, MARGIN, MARGIN, { width, size: 9, color: MUTED });
  // A title of any length: at most three lines, the last cut with an ellipsis.
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#000')
    .text(drawableText(report.title), MARGIN, MARGIN + 14, { width, height: 18 * 1.2 * 3, ellipsis: true });
  doc.moveDown(0.2);
  doc
    .font('Helvetica-Oblique')
    .fontSize(10)
    .fillColor('#333')
    .text(`Asked: ${drawableText(report.question)}`, MARGIN, doc.y, {
      width,
      height: 10 * 1.2 * 4,
      ellipsis: true,
    });
  doc.moveDown(0.2);
  const by = report.provider === 'language-model' ? 'a language model' : 'the built-in analyst';
  const model = report.model ? ` (${report.model})` : '';
  const when = generatedAt(report.generatedAt, options.timeZone);
  label(doc, `Generated ${when} by ${by}${model}`, MARGIN, doc.y, { width, size: 9 });
  doc.y += 13;
  if (!isReportDrawable(report, options)) {
    label(doc, UNDRAWABLE_NOTE, MARGIN, doc.y, { width, size: 8, font: 'Helvetica-Oblique' });
    doc.y += 12;
  }
  doc.y += 4;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(1.2)
    .strokeColor(ACCENT)
    .stroke();
  doc.y += 12;
}

function summary(doc: Doc, text: string): void {
  if (!text.trim()) return;
  // The summary may run over several pages; text() flows it on and breaks the pages itself.
  doc
    .font('Helvetica')
    .fontSize(10.5)
    .fillColor('#111')
    .text(drawableText(text, true), MARGIN, doc.y, { width: widthOf(doc), lineGap: 2, paragraphGap: 5 });
  doc.y += BLOCK_GAP;
}

function followUps(doc: Doc, questions: readonly string[]): void {
  if (questions.length === 0) return;
  if (doc.y + 30 > bottomOf(doc)) {
    doc.addPage({
      size: 'A4',
      margin: MARGIN,
      layout: doc.page.layout === 'landscape' ? 'landscape' : 'portrait',
    });
  }
  label(doc, 'Worth asking next', MARGIN, doc.y, {
    width: widthOf(doc),
    size: 10,
    font: 'Helvetica-Bold',
    color: '#000',
  });
  doc.y += 14;
  doc.font('Helvetica').fontSize(9).fillColor('#333');
  for (const question of questions) {
    doc.text(`•  ${drawableText(question)}`, MARGIN + 6, doc.y, { width: widthOf(doc) - 6 });
  }
}

/** "Page n of m" on every page, with the business and the title, inside the bottom margin. */
function footers(doc: Doc, report: TReport, options: ReportFileOptions): void {
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    const width = widthOf(doc);
    const y = doc.page.height - MARGIN + FOOTER_GAP - 8;
    // Writing below the bottom margin would make pdfkit start a new page: the margin is lifted
    // for the footer and put back.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(MARGIN + width, y - 6)
      .lineWidth(0.5)
      .strokeColor('#d0d5db')
      .stroke();
    label(doc, `${options.businessName} · ${report.title}`, MARGIN, y, { width: width - 90, size: 8 });
    label(doc, `Page ${page - start + 1} of ${count}`, MARGIN + width - 90, y, {
      width: 90,
      size: 8,
      align: 'right',
    });
    doc.page.margins.bottom = bottom;
  }
}

function isReportDrawable(report: TReport, options: ReportFileOptions): boolean {
  const texts = [
    options.businessName,
    report.title,
    report.question,
    report.summary,
    ...report.followUps,
    ...report.charts.flatMap((chart) => [
      chart.title,
      ...chart.series.flatMap((series) => [series.name, ...series.points.map((point) => point.x)]),
    ]),
    ...report.tables.flatMap((table) => [
      table.title,
      table.note ?? '',
      ...table.columns.map((column) => column.label),
      ...table.rows.flatMap((row) => row.map((cell) => (typeof cell === 'string' ? cell : ''))),
    ]),
  ];
  return texts.every(isFullyDrawable);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "27 Nov 2026, 10:15 (Europe/Paris)": the business's own clock, its zone named. */
function generatedAt(instant: string, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    dateFormats.set(timeZone, format);
  }
  return `${format.format(new Date(instant))} (${timeZone})`;
}
