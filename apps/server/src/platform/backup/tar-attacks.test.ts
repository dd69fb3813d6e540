import { existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractTar, TarFormatError } from './tar.js';

/**
 * Attacks on the archive reader (issue 17): an archive handed to `npm run restore` may have been
 * tampered with on its way. Headers are written by hand here, as an attacker would, since the
 * project's writer refuses these names.
 */

const BLOCK = 512;
let dir: string;
let out: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'backoffice-tar-attacks-'));
  out = path.join(dir, 'deep', 'er', 'out');
  await mkdir(out, { recursive: true });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Hostile = {
  name: string;
  data?: Buffer;
  type?: string;
  linkName?: string;
  declaredSize?: number;
  prefix?: string;
};

/** A ustar header with any name, type and size, and a correct checksum. */
function header({
  name,
  data = Buffer.alloc(0),
  type = '0',
  linkName = '',
  declaredSize,
  prefix = '',
}: Hostile) {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write('0000644\0', 100, 8, 'ascii');
  block.write('0000000\0', 108, 8, 'ascii');
  block.write('0000000\0', 116, 8, 'ascii');
  block.write(`${(declaredSize ?? data.length).toString(8).padStart(11, '0')}\0`, 124, 12, 'ascii');
  block.write('00000000000\0', 136, 12, 'ascii');
  block.write('        ', 148, 8, 'ascii');
  block.write(type, 156, 1, 'ascii');
  block.write(linkName, 157, 100, 'utf8');
  block.write('ustar\0', 257, 6, 'ascii');
  block.write('00', 263, 2, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  const sum = block.reduce((total, byte) => total + byte, 0);
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

async function archiveOf(members: Hostile[], options: { isEnded?: boolean } = {}): Promise<string> {
  const parts: Buffer[] = [];
  for (const member of members) {
    const data = member.data ?? Buffer.alloc(0);
    parts.push(header(member), data, Buffer.alloc((BLOCK - (data.length % BLOCK)) % BLOCK));
  }
  if (options.isEnded ?? true) parts.push(Buffer.alloc(BLOCK * 2));
  const file = path.join(dir, `hostile-${Math.random().toString(36).slice(2)}.tar`);
  await writeFile(file, Buffer.concat(parts));
  return file;
}

/** Every file under `dir` but the archives and the extraction folder's own contents. */
async function filesOutside(): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter(
      (name) =>
        !name.endsWith('.tar') &&
        !['deep', path.join('deep', 'er'), path.join('deep', 'er', 'out')].includes(name),
    )
    .filter((name) => !name.startsWith(path.join('deep', 'er', 'out') + path.sep));
}

const payload = Buffer.from('pwned\n');

describe(`${extractTar.name} with a hostile archive`, () => {
  it.each([
    ['a parent step', '../escaped.txt'],
    ['parent steps deeper down', 'blobs/../../../escaped.txt'],
    ['an absolute path', `${'/'}tmp/backoffice-escaped.txt`],
    ['a lone dot segment', './manifest.json'],
    ['an empty segment', 'blobs//x'],
    ['a backslash', '..\\escaped.txt'],
  ])('refuses a member name with %s and writes nothing outside its folder', async (_what, name) => {
    const archive = await archiveOf([
      { name: 'manifest.json', data: Buffer.from('{}') },
      { name, data: payload },
    ]);
    await expect(extractTar(archive, out)).rejects.toBeInstanceOf(TarFormatError);
    expect(await filesOutside()).toEqual([]);
    expect(existsSync('/tmp/backoffice-escaped.txt')).toBe(false);
  });

  it('refuses a parent step hidden in the ustar prefix field', async () => {
    const archive = await archiveOf([{ name: 'escaped.txt', prefix: '../..', data: payload }]);
    await expect(extractTar(archive, out)).rejects.toBeInstanceOf(TarFormatError);
    expect(await filesOutside()).toEqual([]);
  });

  it.each([
    ['a symbolic link', '2'],
    ['a hard link', '1'],
    ['a directory', '5'],
    ['a character device', '3'],
    ['a FIFO', '6'],
    ['a pax header', 'x'],
    ['a GNU long name', 'L'],
  ])('refuses %s, so nothing can point out of the folder', async (_what, type) => {
    const archive = await archiveOf([
      { name: 'blobs/link', type, linkName: '/etc/passwd' },
      // Were the link made, this would write through it.
      { name: 'blobs/link', data: payload },
    ]);
    await expect(extractTar(archive, out)).rejects.toBeInstanceOf(TarFormatError);
    expect(existsSync(path.join(out, 'blobs', 'link'))).toBe(false);
    expect(await filesOutside()).toEqual([]);
  });

  it('refuses a member that declares more bytes than the archive holds, before writing a byte of it', async () => {
    const archive = await archiveOf([
      { name: 'database/big.copy.gz', data: payload, declaredSize: 4 * 1024 ** 3 },
    ]);
    await expect(extractTar(archive, out)).rejects.toThrow(/cut short/);
    expect(existsSync(path.join(out, 'database', 'big.copy.gz'))).toBe(false);
  });

  it('refuses a member that declares fewer bytes than follow (the rest is no header)', async () => {
    const archive = await archiveOf([{ name: 'a.txt', data: Buffer.alloc(4096, 0x41), declaredSize: 10 }]);
    await expect(extractTar(archive, out)).rejects.toBeInstanceOf(TarFormatError);
  });

  it('refuses a second member of the same name instead of overwriting the first (checked one)', async () => {
    const archive = await archiveOf([
      { name: 'manifest.json', data: Buffer.from('{"first":true}') },
      { name: 'manifest.json', data: Buffer.from('{"second":true}') },
    ]);
    await expect(extractTar(archive, out)).rejects.toMatchObject({ code: 'EEXIST' });
  });

  it('still extracts a member of several read chunks byte for byte (the exclusive open writes at each offset)', async () => {
    const data = Buffer.alloc(2.5 * 1024 * 1024);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7 + (i >> 11)) & 0xff;
    const archive = await archiveOf([{ name: 'database/big.copy.gz', data }]);
    const [member] = await extractTar(archive, out);
    expect(member?.bytes).toBe(data.length);
    expect((await readFile(member?.file ?? '')).equals(data)).toBe(true);
  });

  it('does not follow a symbolic link already in the folder it extracts into', async () => {
    const target = path.join(dir, 'outside.txt');
    await rm(out, { recursive: true });
    await mkdir(out);
    await symlink(target, path.join(out, 'manifest.json'));
    const archive = await archiveOf([{ name: 'manifest.json', data: payload }]);
    await expect(extractTar(archive, out)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(existsSync(target)).toBe(false);
    expect((await lstat(path.join(out, 'manifest.json'))).isSymbolicLink()).toBe(true);
  });
});
