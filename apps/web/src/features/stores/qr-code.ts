/** The page a shopper's phone opens from a store's QR code. */
export function storeScanUrl(qrCode: string, origin: string = window.location.origin): string {
  return `${origin}/scan-pay-go?store=${encodeURIComponent(qrCode)}`;
}

type QrModule = { toString: (text: string, options: Record<string, unknown>) => Promise<string> };

/**
 * The QR code of a text as an SVG data URL. The qrcode library loads on first use, so no page
 * pays for it until a QR code is shown.
 */
export async function renderQrSvg(text: string): Promise<string> {
  const loaded = (await import('qrcode')) as unknown as QrModule & { default?: QrModule };
  // A CommonJS module: its functions sit on `default` in the build, on the namespace elsewhere.
  const qr = loaded.default ?? loaded;
  const svg = await qr.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Prints a label with the store's name, its QR code and the address it encodes, from a hidden
 * frame: no pop-up to block, and the page itself is not printed. Texts go in as text, never as
 * markup.
 */
export function printQrLabel(label: { storeName: string; qrSvg: string; url: string }): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '0',
    height: '0',
    border: '0',
  });
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  const view = frame.contentWindow;
  if (!doc || !view) {
    frame.remove();
    return;
  }
  doc.title = `QR code of ${label.storeName}`;
  const style = doc.createElement('style');
  style.textContent = `
    @page { margin: 16mm; }
    body { font-family: Inter, system-ui, sans-serif; text-align: center; color: #000; }
    h1 { font-size: 22pt; margin: 0 0 8mm; }
    img { width: 90mm; height: 90mm; }
    p { font-size: 10pt; margin-top: 6mm; word-break: break-all; }
  `;
  doc.head.appendChild(style);
  const heading = doc.createElement('h1');
  heading.textContent = label.storeName;
  const image = doc.createElement('img');
  image.alt = `QR code of ${label.storeName}`;
  const caption = doc.createElement('p');
  caption.textContent = `Scan to shop: ${label.url}`;
  doc.body.append(heading, image, caption);
  const cleanUp = () => window.setTimeout(() => frame.remove(), 1000);
  image.onload = () => {
    view.addEventListener('afterprint', cleanUp, { once: true });
    view.focus();
    view.print();
  };
  image.onerror = cleanUp;
  image.src = label.qrSvg;
}
