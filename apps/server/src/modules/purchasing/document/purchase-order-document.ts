import PDFDocument from 'pdfkit';
import { startPdfGrid, type GridColumn } from '../../../platform/files/pdf-grid.js';

/**
 * The purchase order as the supplier reads it (issue 16): who orders, the order number, the
 * supplier, where to deliver and when, the lines with SKU, name, quantity, unit cost and line
 * total, and the total. Every user-written text (names, SKUs, the note, addresses) goes through
 * pdfkit's text(), which encodes it as a string operand: nothing written by a user becomes a PDF
 * operator. The lines are the documents' shared grid (platform/files/pdf-grid.ts).
 */

export type DocumentParty = { name: string; lines: string[] };

export type DocumentLine = {
  lineNo: number;
  sku: string;
  productName: string;
  quantity: number;
  unitCost: string;
  lineTotal: string;
};

export type PurchaseOrderDocumentData = {
  businessName: string;
  currency: string;
  orderNumber: string;
  status: string;
  createdAt: Date;
  sentAt: Date | null;
  expectedAt: string | null;
  supplier: DocumentParty;
  deliverTo: DocumentParty;
  lines: DocumentLine[];
  totalQuantity: number;
  total: string;
  note: string | null;
};

const MARGIN = 48;

const STATUS_LABELS: Record<string, string> = {
  DRAFT: 'Draft (not sent yet)',
  SENT: 'Sent',
  PARTIALLY_RECEIVED: 'Partly received',
  RECEIVED: 'Received',
  CLOSED: 'Closed',
  CANCELLED: 'Cancelled',
};

export async function renderPurchaseOrderDocument(data: PurchaseOrderDocumentData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Purchase order ${data.orderNumber}`, Creator: 'Retail back-office' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica-Bold').fontSize(20).text('Purchase order', MARGIN, MARGIN, { width });
  doc.font('Helvetica-Bold').fontSize(12).text(data.orderNumber, { width });
  doc.font('Helvetica').fontSize(10).text(`From ${data.businessName}`, { width });
  doc.fontSize(9).fillColor('#444');
  doc.text(`Status: ${STATUS_LABELS[data.status] ?? data.status}`, { width });
  doc.text(`Ordered: ${day(data.sentAt ?? data.createdAt)}`, { width });
  doc.text(`Expected delivery: ${data.expectedAt ?? 'as soon as possible'}`, { width });
  doc.fillColor('black');

  const partiesTop = doc.y + 14;
  partyBlock(doc, 'Supplier', data.supplier, MARGIN, partiesTop, width / 2 - 8);
  const supplierBottom = doc.y;
  partyBlock(doc, 'Deliver to', data.deliverTo, MARGIN + width / 2 + 8, partiesTop, width / 2 - 8);
  doc.y = Math.max(supplierBottom, doc.y) + 12;
  doc.x = MARGIN;
  if (data.note) doc.font('Helvetica').fontSize(9).text(`Note: ${data.note}`, MARGIN, doc.y, { width });

  doc.moveDown(1);
  linesTable(doc, data, width);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function partyBlock(
  doc: PDFKit.PDFDocument,
  title: string,
  party: DocumentParty,
  x: number,
  y: number,
  width: number,
): void {
  doc.font('Helvetica-Bold').fontSize(11).text(title, x, y, { width });
  doc.font('Helvetica-Bold').fontSize(10).text(party.name, x, doc.y, { width });
  doc.font('Helvetica').fontSize(9);
  for (const line of party.lines) doc.text(line, x, doc.y, { width });
}

function linesTable(doc: PDFKit.PDFDocument, data: PurchaseOrderDocumentData, width: number): void {
  const columns: GridColumn[] = [
    { title: '#', width: 28, align: 'right' },
    { title: 'SKU', width: 90 },
    { title: 'Product', width: width - 28 - 90 - 60 - 80 - 90 },
    { title: 'Qty', width: 60, align: 'right' },
    { title: `Unit cost (${data.currency})`, width: 80, align: 'right' },
    { title: `Line total (${data.currency})`, width: 90, align: 'right' },
  ];
  const grid = startPdfGrid(doc, columns, { left: MARGIN, bottomMargin: MARGIN });
  for (const line of data.lines)
    grid.row([
      String(line.lineNo),
      line.sku,
      line.productName,
      String(line.quantity),
      line.unitCost,
      line.lineTotal,
    ]);
  grid.boldRow(['', '', 'Total', String(data.totalQuantity), '', data.total]);
}

function day(value: Date): string {
  return value.toISOString().slice(0, 10);
}
