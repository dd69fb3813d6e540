import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { startPdfGrid, type GridColumn } from '../../../platform/files/pdf-grid.js';
import type { CodePair } from '../codes/movement-codes.js';

/**
 * The printable transfer document of a movement or of its whole batch (DESIGN 8): what moves,
 * from where to where, its dates and state, a QR code of the movement id, and the two codes on
 * the creator's first download only. Every user-written text (names, SKUs, the note, addresses)
 * goes through pdfkit's text(), which encodes it as a string operand: nothing written by a user
 * becomes a PDF operator.
 */

export type DocumentPlace = { name: string; addressLines: string[] };

export type DocumentItem = {
  sku: string;
  productName: string;
  quantity: number;
  status: string;
  sourceLocationId: string;
  destinationLocationId: string;
};

export type TransferDocumentData = {
  movementId: string;
  batchId: string | null;
  /** The items printed (capped), and how many the movement or batch has in all. */
  items: DocumentItem[];
  totalItems: number;
  places: ReadonlyMap<string, DocumentPlace>;
  createdAt: Date;
  sourceValidatedAt: Date | null;
  destinationValidatedAt: Date | null;
  cancelledAt: Date | null;
  note: string | null;
  codes: CodePair | null;
};

export const CODES_ELSEWHERE = 'Codes are given to the sender and the receiver separately.';

const STATUS_LABELS: Record<string, string> = {
  PENDING: 'Waiting at the source',
  IN_TRANSIT: 'On its way',
  COMPLETED: 'Arrived',
  CANCELLED: 'Cancelled',
};

/** In the items table, where a column is narrow. */
const SHORT_STATUS_LABELS: Record<string, string> = { ...STATUS_LABELS, PENDING: 'Waiting' };

const MARGIN = 48;
const MAX_PLACES_SHOWN = 4;

export async function renderTransferDocument(data: TransferDocumentData): Promise<Buffer> {
  const qr = await QRCode.toBuffer(data.movementId, { type: 'png', margin: 1, width: 240 });
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Stock transfer ${data.movementId}`, Creator: 'Retail back-office' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  doc.image(qr, MARGIN + width - 96, MARGIN, { width: 96, height: 96 });
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .text('Stock transfer', MARGIN, MARGIN, { width: width - 110 });
  doc.font('Helvetica').fontSize(9).fillColor('#444');
  doc.text(`Movement ${data.movementId}`, { width: width - 110 });
  if (data.batchId) doc.text(`Batch ${data.batchId}: ${data.totalItems} items`, { width: width - 110 });
  doc.text(`Status: ${summaryStatus(data.items)}`, { width: width - 110 });
  doc.fillColor('black');

  const routes = routesOf(data.items);
  const placesTop = Math.max(doc.y + 12, MARGIN + 108);
  placeBlock(doc, 'From', routes.sources, data.places, MARGIN, placesTop, width / 2 - 8);
  const fromBottom = doc.y;
  placeBlock(doc, 'To', routes.destinations, data.places, MARGIN + width / 2 + 8, placesTop, width / 2 - 8);
  doc.y = Math.max(fromBottom, doc.y) + 12;

  doc.x = MARGIN;
  doc.font('Helvetica').fontSize(9);
  doc.text(`Created: ${when(data.createdAt)}`, MARGIN, doc.y, { width });
  doc.text(`Left the source: ${when(data.sourceValidatedAt)}`, { width });
  doc.text(`Arrived: ${when(data.destinationValidatedAt)}`, { width });
  if (data.cancelledAt) doc.text(`Cancelled: ${when(data.cancelledAt)}`, { width });
  if (data.note) doc.moveDown(0.5).text(`Note: ${data.note}`, { width });

  doc.moveDown(1);
  codesBlock(doc, data.codes, width);
  doc.moveDown(1);
  itemsTable(doc, data.items, data.places, routes.isSeveral, width);
  if (data.totalItems > data.items.length) {
    doc.moveDown(0.5).font('Helvetica-Oblique').fontSize(9);
    doc.text(
      `... and ${data.totalItems - data.items.length} more items: see the batch in the app.`,
      MARGIN,
      doc.y,
      {
        width,
      },
    );
  }
  signatures(doc, width);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function codesBlock(doc: PDFKit.PDFDocument, codes: CodePair | null, width: number): void {
  const top = doc.y;
  doc
    .rect(MARGIN, top, width, codes ? 52 : 30)
    .strokeColor('#999')
    .stroke();
  doc.fillColor('black').font('Helvetica').fontSize(10);
  if (!codes) {
    doc.text(CODES_ELSEWHERE, MARGIN + 10, top + 10, { width: width - 20 });
  } else {
    doc
      .font('Helvetica-Bold')
      .text(`Source code: ${codes.sourceCode}`, MARGIN + 10, top + 10, { width: width - 20 });
    doc.text(`Destination code: ${codes.destinationCode}`, { width: width - 20 });
    doc
      .font('Helvetica')
      .fontSize(8)
      .text('Give each code only to the person at its end.', { width: width - 20 });
  }
  doc.y = top + (codes ? 52 : 30);
}

function itemsTable(
  doc: PDFKit.PDFDocument,
  items: readonly DocumentItem[],
  places: ReadonlyMap<string, DocumentPlace>,
  isSeveralRoutes: boolean,
  width: number,
): void {
  const columns: GridColumn[] = isSeveralRoutes
    ? [
        { title: 'SKU', width: 80 },
        { title: 'Product', width: width - 80 - 170 - 45 - 70 },
        { title: 'From -> To', width: 170 },
        { title: 'Qty', width: 45, align: 'right' },
        { title: 'Status', width: 70 },
      ]
    : [
        { title: 'SKU', width: 100 },
        { title: 'Product', width: width - 100 - 60 - 90 },
        { title: 'Qty', width: 60, align: 'right' },
        { title: 'Status', width: 90 },
      ];
  const grid = startPdfGrid(doc, columns, { left: MARGIN, bottomMargin: MARGIN });
  for (const item of items) {
    const route = `${places.get(item.sourceLocationId)?.name ?? '?'} -> ${places.get(item.destinationLocationId)?.name ?? '?'}`;
    const status = SHORT_STATUS_LABELS[item.status] ?? item.status;
    grid.row(
      isSeveralRoutes
        ? [item.sku, item.productName, route, String(item.quantity), status]
        : [item.sku, item.productName, String(item.quantity), status],
    );
  }
}

function placeBlock(
  doc: PDFKit.PDFDocument,
  title: string,
  ids: readonly string[],
  places: ReadonlyMap<string, DocumentPlace>,
  x: number,
  y: number,
  width: number,
): void {
  doc.font('Helvetica-Bold').fontSize(11).text(title, x, y, { width });
  for (const id of ids.slice(0, MAX_PLACES_SHOWN)) {
    const place = places.get(id);
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(place?.name ?? 'Unknown location', x, doc.y, { width });
    doc.font('Helvetica').fontSize(9);
    for (const line of place?.addressLines ?? []) doc.text(line, x, doc.y, { width });
  }
  if (ids.length > MAX_PLACES_SHOWN)
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`and ${ids.length - MAX_PLACES_SHOWN} more`, x, doc.y, { width });
}

function signatures(doc: PDFKit.PDFDocument, width: number): void {
  if (doc.y + 60 > doc.page.height - MARGIN) doc.addPage();
  const top = doc.y + 30;
  doc.font('Helvetica').fontSize(9).strokeColor('#000');
  for (const [index, label] of ['Sent by (name, signature)', 'Received by (name, signature)'].entries()) {
    const x = MARGIN + index * (width / 2 + 8);
    doc
      .moveTo(x, top)
      .lineTo(x + width / 2 - 8, top)
      .stroke();
    doc.text(label, x, top + 4, { width: width / 2 - 8 });
  }
}

function routesOf(items: readonly DocumentItem[]) {
  const sources = [...new Set(items.map((item) => item.sourceLocationId))];
  const destinations = [...new Set(items.map((item) => item.destinationLocationId))];
  return { sources, destinations, isSeveral: sources.length > 1 || destinations.length > 1 };
}

function summaryStatus(items: readonly DocumentItem[]): string {
  const statuses = [...new Set(items.map((item) => item.status))];
  return statuses.map((status) => STATUS_LABELS[status] ?? status).join(', ');
}

function when(value: Date | null): string {
  return value ? `${value.toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'not yet';
}
