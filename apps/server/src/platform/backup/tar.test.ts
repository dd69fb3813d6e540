import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractTar, parseHeader, tarHeader, TarFormatError, writeTar } from './tar.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'backoffice-tar-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const LONG_NAME = `blobs/inventory/businesses/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/${'a'.repeat(90)}.webp`;

async function archiveOf(members: Record<string, Buffer>): Promise<string> {
  const files = [];
  for (const [name, data] of Object.entries(members)) {
    const file = path.join(dir, `src-${files.length}`);
    await writeFile(file, data);
    files.push({ name, file });
  }
  const out = path.join(dir, 'a.tar');
  await writeTar(out, files);
  return out;
}

describe(writeTar.name, () => {
  it('writes members that extractTar reads back byte for byte, with their sha256, long names included', async () => {
    const big = Buffer.alloc(70_000, 7);
    const archive = await archiveOf({
      'manifest.json': Buffer.from('{}'),
      [LONG_NAME]: big,
      'empty.txt': Buffer.alloc(0),
    });
    const out = path.join(dir, 'out');
    const members = await extractTar(archive, out);
    expect(members.map((m) => [m.name, m.bytes])).toEqual([
      ['manifest.json', 2],
      [LONG_NAME, 70_000],
      ['empty.txt', 0],
    ]);
    expect((await readFile(members[1]?.file ?? '')).equals(big)).toBe(true);
    expect(members[0]?.sha256).toBe('44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a');
  });

  it('writes a tar that the system tar lists', async () => {
    const archive = await archiveOf({ 'manifest.json': Buffer.from('{}'), [LONG_NAME]: Buffer.from('x') });
    const listing = execFileSync('tar', ['-tf', archive], { encoding: 'utf8' });
    expect(listing.trim().split('\n')).toEqual(['manifest.json', LONG_NAME]);
  });
});

describe(parseHeader.name, () => {
  it('reads a size past 8 GiB written in base-256', () => {
    expect(parseHeader(tarHeader('database/big', 2 ** 34 + 5, 0)).size).toBe(2 ** 34 + 5);
  });

  it('refuses a header whose checksum does not match', () => {
    const header = tarHeader('manifest.json', 10, 0);
    header[3] = 0x41;
    expect(() => parseHeader(header)).toThrow(TarFormatError);
  });

  it('refuses names that would leave the folder it extracts into', () => {
    for (const name of ['../etc/passwd', '/etc/passwd', 'blobs/../../x', 'a//b'])
      expect(() => tarHeader(name, 1, 0), name).toThrow(/unsafe member name/);
  });
});

describe(extractTar.name, () => {
  it('refuses an archive cut short', async () => {
    const archive = await archiveOf({ 'manifest.json': Buffer.alloc(5000, 1) });
    const whole = await readFile(archive);
    await writeFile(archive, whole.subarray(0, 2048));
    await expect(extractTar(archive, path.join(dir, 'out'))).rejects.toThrow(/cut short/);
  });

  it('refuses a file that is not a tar', async () => {
    const file = path.join(dir, 'not.tar');
    await writeFile(file, Buffer.alloc(4096, 0x61));
    await expect(extractTar(file, path.join(dir, 'out'))).rejects.toThrow(TarFormatError);
  });
});
