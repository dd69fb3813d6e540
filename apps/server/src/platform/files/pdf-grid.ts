/**
 * The simple grid of the business documents (the transfer document, the purchase order): one
 * line per row, cells clipped with an ellipsis, a hairline under each row, and the column titles
 * again at the top of every page a long list runs onto. Every cell goes through pdfkit's text(),
 * which encodes it as a string operand: a user's text never becomes a PDF operator.
 */

export type GridColumn = { title: string; width: number; align?: 'right' };

export const GRID_ROW_HEIGHT = 18;

export type PdfGrid = {
  /** A row in the regular face, on a new page (with the titles) when it would not fit. */
  row: (cells: readonly string[]) => void;
  /** A closing row in bold (a total), on a new page when it would not fit. */
  boldRow: (cells: readonly string[]) => void;
};

/** Draws the column titles at the document's current y and answers how to add rows below them. */
export function startPdfGrid(
  doc: PDFKit.PDFDocument,
  columns: readonly GridColumn[],
  options: { left: number; bottomMargin: number },
): PdfGrid {
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  const draw = (cells: readonly string[], font: string) => {
    const top = doc.y;
    let x = options.left;
    doc.font(font).fontSize(9);
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column) return;
      // Cells keep a gap on both sides, so a right-aligned number never touches the next column.
      doc.text(cell, x + 4, top + 4, {
        width: column.width - 12,
        height: GRID_ROW_HEIGHT - 4,
        lineBreak: false,
        ellipsis: true,
        align: column.align ?? 'left',
      });
      x += column.width;
    });
    doc
      .moveTo(options.left, top + GRID_ROW_HEIGHT)
      .lineTo(options.left + width, top + GRID_ROW_HEIGHT)
      .strokeColor('#ddd')
      .stroke();
    doc.y = top + GRID_ROW_HEIGHT;
  };
  const titles = () =>
    draw(
      columns.map((column) => column.title),
      'Helvetica-Bold',
    );
  const withRoom = (cells: readonly string[], font: string) => {
    if (doc.y + GRID_ROW_HEIGHT > doc.page.height - options.bottomMargin) {
      doc.addPage();
      titles();
    }
    draw(cells, font);
  };
  titles();
  return {
    row: (cells) => withRoom(cells, 'Helvetica'),
    boldRow: (cells) => withRoom(cells, 'Helvetica-Bold'),
  };
}
