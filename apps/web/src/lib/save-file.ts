/**
 * Saves a downloaded file under its name, through a temporary link: the download carried the
 * bearer token, so a plain link to the API could not fetch it.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser reads the blob when the click is handled; free it a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins), else the fallback. */
export function fileNameFrom(disposition: string | null | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return sanitize(decodeURIComponent(extended[1].trim())) || fallback;
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return (plain?.[1] && sanitize(plain[1].trim())) || fallback;
}

/** A name, never a path: whatever the server says, the file lands in the downloads folder. */
function sanitize(name: string): string {
  return name.replace(/[/\\]/g, '_').replace(/^\.+/, '');
}
