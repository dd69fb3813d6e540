/** The symbology of a barcode of 8 to 14 digits (ZBarcode); anything else as Code 128. */
export function barcodeFormatOf(barcode: string): 'EAN8' | 'UPC' | 'EAN13' | 'ITF14' | 'CODE128' {
  if (!/^\d+$/.test(barcode)) return 'CODE128';
  switch (barcode.length) {
    case 8:
      return 'EAN8';
    case 12:
      return 'UPC';
    case 13:
      return 'EAN13';
    case 14:
      return 'ITF14';
    default:
      return 'CODE128';
  }
}

/**
 * Draws the barcode into an <svg>. jsbarcode is loaded only now, so it costs nothing until a
 * label is printed. A number whose check digit does not fit its symbology is drawn as Code 128,
 * which scanners read all the same.
 */
export async function drawBarcode(svg: SVGSVGElement, barcode: string): Promise<void> {
  const { default: JsBarcode } = await import('jsbarcode');
  const options = { height: 48, width: 1.6, margin: 0, fontSize: 13, textMargin: 2, background: '#ffffff' };
  let isValid = true;
  JsBarcode(svg, barcode, {
    ...options,
    format: barcodeFormatOf(barcode),
    valid: (valid) => {
      isValid = valid;
    },
  });
  if (!isValid) JsBarcode(svg, barcode, { ...options, format: 'CODE128' });
}

/** A 57 × 32 mm label (2.25 × 1.25 in, the common thermal size), black on white. */
const LABEL_PRINT_CSS = `
@page { size: 57mm 32mm; margin: 0; }
html, body { margin: 0; padding: 0; background: #fff; color: #000; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.label { box-sizing: border-box; width: 57mm; height: 32mm; padding: 2mm 3mm; display: flex;
  flex-direction: column; align-items: center; justify-content: space-between; overflow: hidden; }
.label-name { width: 100%; font-size: 9pt; font-weight: 600; text-align: center; line-height: 1.15;
  overflow: hidden; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; }
.label-price { font-size: 11pt; font-weight: 700; }
.label-price s { font-weight: 400; font-size: 8pt; margin-right: 4px; }
.label svg { max-width: 100%; height: 14mm; }
`;

/**
 * Prints one label through a hidden frame: the page itself stays as it is, no pop-up is
 * needed, and the label is copied as DOM nodes, never as HTML text, so a product name cannot
 * inject markup.
 */
export function printLabel(label: HTMLElement, title: string): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, {
    position: 'fixed',
    width: '0',
    height: '0',
    border: '0',
    right: '0',
    bottom: '0',
  });
  document.body.appendChild(frame);
  const view = frame.contentWindow;
  const doc = frame.contentDocument;
  if (!view || !doc) {
    frame.remove();
    return;
  }
  doc.title = title;
  const style = doc.createElement('style');
  style.textContent = LABEL_PRINT_CSS;
  doc.head.appendChild(style);
  doc.body.appendChild(doc.importNode(label, true));
  const cleanUp = () => window.setTimeout(() => frame.remove(), 0);
  view.addEventListener('afterprint', cleanUp, { once: true });
  view.focus();
  view.print();
  // Browsers whose print() returns before printing still fire afterprint; a minute is the limit.
  window.setTimeout(() => frame.remove(), 60_000);
}
