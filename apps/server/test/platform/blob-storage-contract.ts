import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { businessBlobPrefix, type BlobStorage } from '../../src/platform/blobs/blob-storage.js';

/** A storage under test, and a way to see what it left behind that does not go through it. */
export type BlobStorageUnderTest = {
  storage: BlobStorage;
  /** Every blob name stored in the container, sorted; [] for a container that does not exist. */
  listNames: (container: string) => Promise<string[]>;
};

/** A container name of its own for each test: they share one store. */
export const freshContainer = () => `test-${randomBytes(6).toString('hex')}`;
export const bytes = (text: string) => Buffer.from(text, 'utf8');

/**
 * The behaviour every BlobStorage has, whatever keeps the bytes (DESIGN 7): declared once, run
 * against the file storage and against Azure Blob Storage on Azurite. `subject` is called inside
 * each test, so it may answer what a beforeAll set up.
 */
export function describeBlobStorageContract(label: string, subject: () => BlobStorageUnderTest): void {
  describe(`${label}: the BlobStorage contract`, () => {
    it('stores a blob with its content type and reads both back', async () => {
      const { storage } = subject();
      const container = freshContainer();
      const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#08f' } })
        .png()
        .toBuffer();
      await storage.put(container, 'businesses/b1/logo.png', png, 'image/png');
      await storage.put(container, 'businesses/b1/files/terms.pdf', bytes('%PDF-1.7'), 'application/pdf');

      expect(await storage.get(container, 'businesses/b1/logo.png')).toEqual({
        data: png,
        contentType: 'image/png',
      });
      expect(await storage.get(container, 'businesses/b1/files/terms.pdf')).toEqual({
        data: bytes('%PDF-1.7'),
        contentType: 'application/pdf',
      });
    });

    it('replaces a blob put again under the same name', async () => {
      const { storage } = subject();
      const container = freshContainer();
      await storage.put(container, 'a/b.webp', bytes('first'), 'image/webp');
      await storage.put(container, 'a/b.webp', bytes('second'), 'image/webp');
      expect(await storage.get(container, 'a/b.webp')).toEqual({
        data: bytes('second'),
        contentType: 'image/webp',
      });
    });

    it('answers null for a missing blob, and in a container not created yet', async () => {
      const { storage } = subject();
      const container = freshContainer();
      expect(await storage.get(container, 'businesses/b1/none.png')).toBeNull();
      await storage.put(container, 'businesses/b1/there.png', bytes('x'), 'image/png');
      expect(await storage.get(container, 'businesses/b1/none.png')).toBeNull();
    });

    it('removes a blob; removing a missing blob or from a missing container is no error', async () => {
      const { storage } = subject();
      const container = freshContainer();
      await storage.put(container, 'businesses/b1/logo.png', bytes('x'), 'image/png');
      await storage.remove(container, 'businesses/b1/logo.png');
      expect(await storage.get(container, 'businesses/b1/logo.png')).toBeNull();
      await expect(storage.remove(container, 'businesses/b1/logo.png')).resolves.toBeUndefined();
      await expect(storage.remove(freshContainer(), 'businesses/b1/logo.png')).resolves.toBeUndefined();
    });

    it('refuses names with `..`, empty segments or odd characters before touching anything', async () => {
      const { storage, listNames } = subject();
      const container = freshContainer();
      await storage.put(container, 'businesses/b2/logo.png', bytes('B2'), 'image/png');
      const unsafe = [
        'businesses/b1/../b2/logo.png',
        '../b2/logo.png',
        'businesses/b1/..',
        'businesses//logo.png',
        '/businesses/b1/logo.png',
        'businesses/b1/',
        'businesses\\b1\\logo.png',
        'businesses/b1/%2e%2e/logo.png',
        'businesses/b1/.hidden',
        'businesses/b1/logo.png?comp=list',
        '',
      ];
      for (const name of unsafe) {
        await expect(storage.get(container, name), name).rejects.toThrow(/unsafe blob name/);
        await expect(storage.put(container, name, bytes('x'), 'image/png'), name).rejects.toThrow(
          /unsafe blob name/,
        );
        await expect(storage.remove(container, name), name).rejects.toThrow(/unsafe blob name/);
      }
      const other = freshContainer();
      await expect(storage.put('..', 'x.png', bytes('x'), 'image/png')).rejects.toThrow(/unsafe blob name/);
      await expect(storage.put(`${other}/..`, 'x.png', bytes('x'), 'image/png')).rejects.toThrow(
        /unsafe blob name/,
      );
      // Nothing of those reached the store: the other business's blob is intact, none was added.
      expect((await storage.get(container, 'businesses/b2/logo.png'))?.data).toEqual(bytes('B2'));
      expect(await listNames(container)).toEqual(['businesses/b2/logo.png']);
    });

    it("keeps two businesses' prefixes apart", async () => {
      const { storage, listNames } = subject();
      const container = freshContainer();
      await storage.put(container, 'businesses/aaa/logo.png', bytes('A'), 'image/png');
      await storage.put(container, 'businesses/bbb/logo.png', bytes('B'), 'image/png');
      // A prefix of the other's id is another prefix, not a folder above it.
      await storage.put(container, 'businesses/aa/logo.png', bytes('AA'), 'image/png');

      await storage.remove(container, 'businesses/aaa/logo.png');
      expect(await storage.get(container, 'businesses/aaa/logo.png')).toBeNull();
      expect((await storage.get(container, 'businesses/bbb/logo.png'))?.data).toEqual(bytes('B'));
      expect((await storage.get(container, 'businesses/aa/logo.png'))?.data).toEqual(bytes('AA'));
      expect(await listNames(container)).toEqual(['businesses/aa/logo.png', 'businesses/bbb/logo.png']);
    });

    it("removeAll removes a business's whole prefix and nothing else", async () => {
      const { storage, listNames } = subject();
      const container = freshContainer();
      const gone = businessBlobPrefix(randomUUID());
      const kept = businessBlobPrefix(randomUUID());
      for (const name of ['logo.png', 'logo/1.png', 'stores/a.webp', 'products/deep/b.jpg'])
        await storage.put(container, `${gone}${name}`, bytes(name), 'image/png');
      await storage.put(container, `${kept}logo.png`, bytes('kept'), 'image/png');
      const elsewhere = freshContainer();
      await storage.put(elsewhere, `${gone}logo.png`, bytes('other container'), 'image/png');

      await storage.removeAll(container, gone);
      expect(await listNames(container)).toEqual([`${kept}logo.png`]);
      expect(await storage.get(container, `${gone}logo.png`)).toBeNull();
      expect(await listNames(elsewhere)).toEqual([`${gone}logo.png`]);
      // Again, and in a container that was never made: nothing to do is no error.
      await expect(storage.removeAll(container, gone)).resolves.toBeUndefined();
      await expect(storage.removeAll(freshContainer(), gone)).resolves.toBeUndefined();
    });

    it("removeAll refuses anything but one business's whole prefix, before touching anything", async () => {
      const { storage, listNames } = subject();
      const container = freshContainer();
      const id = randomUUID();
      await storage.put(container, `businesses/${id}/logo.png`, bytes('x'), 'image/png');
      const unsafe = [
        '',
        '/',
        'businesses/',
        'businesses',
        `businesses/${id}`,
        `businesses/${id.slice(0, 8)}/`,
        `businesses/${id.toUpperCase()}/`,
        `businesses/${id}/logo/`,
        `businesses/${id}/../`,
        `businesses/../${id}/`,
        `/businesses/${id}/`,
        `businesses//${id}/`,
        `businesses/${id}/%2e%2e/`,
      ];
      for (const prefix of unsafe)
        await expect(storage.removeAll(container, prefix), prefix).rejects.toThrow(/unsafe blob prefix/);
      await expect(storage.removeAll('..', `businesses/${id}/`)).rejects.toThrow(/unsafe blob prefix/);
      await expect(storage.removeAll(`${container}/..`, `businesses/${id}/`)).rejects.toThrow(
        /unsafe blob prefix/,
      );
      expect(await listNames(container)).toEqual([`businesses/${id}/logo.png`]);
    });
  });
}
