import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { forgedZip } from '../../../test/fixtures/spreadsheets/forged-zip.js';
import {
  isZip,
  readCentralDirectory,
  readEntry,
  writeZip,
  ZipFormatError,
  ZipTooLargeError,
} from './zip-archive.js';

function deflated(content: Buffer) {
  return { data: deflateRawSync(content), size: content.length, crc: crc32(content) };
}

describe('zip-archive', () => {
  describe('readCentralDirectory and readEntry', () => {
    it('round-trips what writeZip writes', () => {
      const zip = writeZip([
        { name: 'a.xml', content: Buffer.from('<a/>') },
        { name: 'dir/b.txt', content: Buffer.from('bee'.repeat(1000)) },
      ]);
      expect(isZip(zip)).toBe(true);
      const entries = readCentralDirectory(zip, 10);
      expect(entries.map((entry) => entry.name)).toEqual(['a.xml', 'dir/b.txt']);
      const entry = entries[1]!;
      expect(readEntry(zip, entry, 10_000).content.toString()).toBe('bee'.repeat(1000));
    });

    it('keeps the checked deflated bytes, so a repack does not compress again', () => {
      const zip = forgedZip([{ name: 'x', ...deflated(Buffer.from('hello hello hello')) }]);
      const checked = readEntry(zip, readCentralDirectory(zip, 1)[0]!, 100);
      expect(checked.deflated).not.toBeNull();
      const again = writeZip([checked]);
      expect(readEntry(again, readCentralDirectory(again, 1)[0]!, 100).content.toString()).toBe(
        'hello hello hello',
      );
    });

    it('refuses an entry that declares more than allowed before inflating it', () => {
      const zip = forgedZip([{ name: 'sheet', ...deflated(Buffer.alloc(10)), size: 500_000_000 }]);
      expect(() => readEntry(zip, readCentralDirectory(zip, 1)[0]!, 1_000_000)).toThrow(ZipTooLargeError);
    });

    it('stops a zip bomb at its declared size: 64 MB of zeros that claims to be 1 kB', () => {
      const bomb = deflateRawSync(Buffer.alloc(64 * 1024 * 1024));
      expect(bomb.length).toBeLessThan(100_000);
      const zip = forgedZip([{ name: 'sheet', data: bomb, size: 1024, crc: 0 }]);
      const before = process.memoryUsage().arrayBuffers;
      expect(() => readEntry(zip, readCentralDirectory(zip, 1)[0]!, 64 * 1024 * 1024)).toThrow(
        ZipTooLargeError,
      );
      expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * 1024 * 1024);
    });

    it('refuses a wrong CRC, an unknown method, encryption and a missing end record as damage', () => {
      const content = Buffer.from('data');
      const cases = [
        forgedZip([{ name: 'x', ...deflated(content), crc: 1 }]),
        forgedZip([{ name: 'x', ...deflated(content), method: 12 }]),
        forgedZip([{ name: 'x', ...deflated(content), flags: 1 }]),
      ];
      for (const zip of cases) {
        expect(() => readEntry(zip, readCentralDirectory(zip, 1)[0]!, 100)).toThrow(ZipFormatError);
      }
      expect(() => readCentralDirectory(Buffer.from('PK\u0003\u0004 and nothing else'), 10)).toThrow(
        ZipFormatError,
      );
    });

    it('refuses more entries than allowed', () => {
      const zip = forgedZip(
        Array.from({ length: 5 }, (_, i) => ({ name: `e${i}`, ...deflated(Buffer.from('x')) })),
      );
      expect(() => readCentralDirectory(zip, 4)).toThrow(ZipTooLargeError);
    });

    it('refuses a directory that points outside the file', () => {
      const zip = forgedZip([{ name: 'x', ...deflated(Buffer.from('x')) }]);
      zip.writeUInt32LE(0x7fffffff, zip.length - 6);
      expect(() => readCentralDirectory(zip, 10)).toThrow(ZipFormatError);
    });
  });
});
