import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';

/**
 * The archive is a plain POSIX tar (ustar), so an operator can list and unpack it with `tar`
 * when this program is not at hand. Only what the backup writes is supported: regular files,
 * names of at most 255 bytes (prefix and name fields), sizes of any length (base-256 above the
 * 8 GiB that 11 octal digits hold, as GNU tar and bsdtar read it).
 */

const BLOCK = 512;
const OCTAL_SIZE_LIMIT = 8 ** 11;

export type TarMember = { name: string; file: string };

export type ExtractedMember = { name: string; file: string; bytes: number; sha256: string };

export class TarFormatError extends Error {}

/** Writes the members, in order, into `out` (created or replaced). */
export async function writeTar(out: string, members: TarMember[]): Promise<void> {
  // Only its owner may read it: the archive holds every business's data and password hashes.
  const sink = createWriteStream(out, { mode: 0o600 });
  const done = new Promise<void>((resolve, reject) => {
    sink.on('finish', resolve);
    sink.on('error', reject);
  });
  try {
    for (const member of members) {
      const { size, mtimeMs } = await stat(member.file);
      await writeChunk(sink, tarHeader(member.name, size, Math.floor(mtimeMs / 1000)));
      // Chunk by chunk, each write awaited: backpressure without a pipe (and its listeners) per member.
      for await (const chunk of createReadStream(member.file) as AsyncIterable<Buffer>)
        await writeChunk(sink, chunk);
      const padding = (BLOCK - (size % BLOCK)) % BLOCK;
      if (padding) await writeChunk(sink, Buffer.alloc(padding));
    }
    // The end of an archive: two empty blocks.
    await writeChunk(sink, Buffer.alloc(BLOCK * 2));
  } finally {
    sink.end();
  }
  await done;
}

function writeChunk(sink: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => sink.write(chunk, (error) => (error ? reject(error) : resolve())));
}

/** The ustar header of a regular file (mode 0644, owner 0). */
export function tarHeader(name: string, size: number, mtimeSeconds: number): Buffer {
  const header = Buffer.alloc(BLOCK);
  const [prefix, base] = splitName(name);
  header.write(base, 0, 100, 'utf8');
  writeOctal(header, 100, 8, 0o644);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  if (size < OCTAL_SIZE_LIMIT) writeOctal(header, 124, 12, size);
  else writeBase256(header, 124, 12, size);
  writeOctal(header, 136, 12, mtimeSeconds);
  header.write('        ', 148, 8, 'ascii'); // the checksum counts its own field as spaces
  header.write('0', 156, 1, 'ascii');
  header.write('ustar\u0000', 257, 6, 'ascii');
  header.write('00', 263, 2, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'ascii');
  return header;
}

/** ustar keeps a long name as prefix + '/' + name; the split must fall on a slash. */
function splitName(name: string): [string, string] {
  assertSafeMemberName(name);
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let i = name.length - 1; i > 0; i--) {
    if (name[i] !== '/') continue;
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return [prefix, base];
  }
  throw new TarFormatError(`the name ${name} is too long for the archive`);
}

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, offset, length, 'ascii');
}

function writeBase256(header: Buffer, offset: number, length: number, value: number): void {
  let rest = BigInt(value);
  for (let i = offset + length - 1; i > offset; i--) {
    header[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  header[offset] = 0x80;
}

/**
 * A member name the reader may write under its folder: relative, plain segments, no `..`. The
 * archive may come from anywhere (a copy that was tampered with), so extraction never follows it
 * out of its folder.
 */
export function assertSafeMemberName(name: string): void {
  const segments = name.split('/');
  if (
    !name ||
    name.startsWith('/') ||
    name.includes('\\') ||
    name.includes('\u0000') ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  )
    throw new TarFormatError(`unsafe member name ${JSON.stringify(name)}`);
}

/**
 * Reads the archive's members into `dir` (which must exist and be empty of them), hashing each as
 * it is written. Anything but a regular file, a bad header checksum or a short file is refused:
 * this reads only what writeTar writes.
 */
export async function extractTar(archive: string, dir: string): Promise<ExtractedMember[]> {
  const handle = await open(archive, 'r');
  const members: ExtractedMember[] = [];
  try {
    const { size: archiveSize } = await handle.stat();
    let position = 0;
    const header = Buffer.alloc(BLOCK);
    for (;;) {
      const { bytesRead } = await handle.read(header, 0, BLOCK, position);
      if (bytesRead < BLOCK) throw new TarFormatError('the archive ends before its end marker');
      position += BLOCK;
      if (header.every((byte) => byte === 0)) break;
      const entry = parseHeader(header);
      if (position + entry.size > archiveSize) throw new TarFormatError('the archive is cut short');
      const file = path.join(dir, ...entry.name.split('/'));
      await mkdir(path.dirname(file), { recursive: true });
      const hash = createHash('sha256');
      await writeRange(handle, position, entry.size, file, (chunk) => hash.update(chunk));
      members.push({ name: entry.name, file, bytes: entry.size, sha256: hash.digest('hex') });
      position += Math.ceil(entry.size / BLOCK) * BLOCK;
    }
  } finally {
    await handle.close();
  }
  return members;
}

/**
 * Copies `size` bytes at `start` of the open archive into a new file, showing each chunk to `see`.
 * The file is opened first, exclusively (`wx`), and awaited: a name met twice in the archive, or
 * anything already at that path (a planted link), is refused with EEXIST, neither followed nor
 * overwritten, and the refusal is this call's (a stream's late open error would go unhandled).
 */
async function writeRange(
  handle: FileHandle,
  start: number,
  size: number,
  file: string,
  see: (chunk: Buffer) => void,
): Promise<void> {
  const out = await open(file, 'wx');
  try {
    const buffer = Buffer.alloc(1024 * 1024);
    for (let done = 0; done < size;) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - done), start + done);
      if (bytesRead === 0) throw new TarFormatError('the archive is cut short');
      const chunk = buffer.subarray(0, bytesRead);
      see(chunk);
      for (let written = 0; written < bytesRead;) {
        const { bytesWritten } = await out.write(chunk, written, bytesRead - written, done + written);
        written += bytesWritten;
      }
      done += bytesRead;
    }
  } finally {
    await out.close();
  }
}

/** The name and size of a header block, after checking that it is one. */
export function parseHeader(header: Buffer): { name: string; size: number } {
  const stored = Number.parseInt(header.toString('ascii', 148, 156).replace(/[\0 ]/g, ''), 8);
  const copy = Buffer.from(header);
  copy.fill(0x20, 148, 156);
  const sum = copy.reduce((total, byte) => total + byte, 0);
  if (!Number.isFinite(stored) || stored !== sum)
    throw new TarFormatError('a header checksum does not match');
  const type = header.toString('ascii', 156, 157);
  if (type !== '0' && type !== '\u0000')
    throw new TarFormatError(`unexpected member type ${JSON.stringify(type)}`);
  const text = (start: number, length: number) => {
    const raw = header.subarray(start, start + length);
    const end = raw.indexOf(0);
    return raw.subarray(0, end === -1 ? length : end).toString('utf8');
  };
  const prefix = text(345, 155);
  const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
  assertSafeMemberName(name);
  let size: number;
  if ((header[124] ?? 0) & 0x80) {
    let value = 0n;
    for (let i = 125; i < 136; i++) value = (value << 8n) | BigInt(header[i] ?? 0);
    size = Number(value);
  } else {
    size = Number.parseInt(header.toString('ascii', 124, 136).replace(/[\0 ]/g, '') || '0', 8);
  }
  if (!Number.isSafeInteger(size) || size < 0) throw new TarFormatError('a member size is not readable');
  return { name, size };
}
