import { randomBytes } from 'node:crypto';

export type FormPart = { name: string; value: string | Buffer; filename?: string; contentType?: string };

/**
 * A multipart/form-data body for `app.inject`, as a browser's FormData sends it: what the demo
 * seeder and the tests send to the routes that read forms (`multipart-form.ts`).
 */
export function multipartBody(parts: readonly FormPart[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----form${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(
      Buffer.from(`${head}\r\n`),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
