import { Transform } from 'node:stream';
import { BackupRefusal } from './manifest.js';

/**
 * The longest row a table member may hold once unzipped. The app keeps files as blobs, so its
 * rows are far shorter; PostgreSQL would buffer a line up to 1 GB before it finds it bad.
 */
export const MAX_COPY_LINE_BYTES = 64 * 1024 * 1024;

/**
 * Passes a table member's COPY text on while it is what the manifest says: at most `rows` lines
 * (COPY text writes one line per row, newlines inside values escaped) of at most `maxLineBytes`
 * each. A gzip member is a few kilobytes that can unzip to gigabytes: without this, a tampered
 * archive's "table" of one endless line would be buffered by the server, or a stream of extra rows
 * written into the database, before the digest check that comes after the load could refuse it.
 */
export function limitCopyText(
  what: string,
  rows: number,
  maxLineBytes: number = MAX_COPY_LINE_BYTES,
): Transform {
  let lines = 0;
  let lineBytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let start = 0;
      for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
        lineBytes += newline - start;
        if (lineBytes > maxLineBytes) break;
        lines++;
        lineBytes = 0;
        start = newline + 1;
      }
      if (lineBytes <= maxLineBytes) lineBytes += chunk.length - start;
      if (lineBytes > maxLineBytes)
        return callback(
          new BackupRefusal(
            `The archive's ${what} holds a row longer than ${maxLineBytes} bytes: it was altered.`,
          ),
        );
      if (lines > rows)
        return callback(
          new BackupRefusal(
            `The archive's ${what} holds more rows than its manifest's ${rows}: it was altered.`,
          ),
        );
      callback(null, chunk);
    },
  });
}
