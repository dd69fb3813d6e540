import { randomBytes } from 'node:crypto';
import { access } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import { BlobServiceClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAzureBlobStorage } from '../../src/platform/blobs/azure-blob-storage.js';
import { DEVELOPMENT_STORAGE } from '../../src/platform/blobs/azure-connection-string.js';
import type { BlobStorage } from '../../src/platform/blobs/blob-storage.js';
import { startAzurite, type Azurite } from '../azurite.js';
import { buildTestApp } from '../build-app.js';
import { bearer, ownerWithBusiness, signIn, verifiedOwner } from '../factories/accounts.js';
import { multipart } from '../factories/multipart.js';

let azurite: Azurite;
let storage: BlobStorage;
/** The SDK straight on Azurite: to see what the storage left there, not what it answers. */
let service: BlobServiceClient;

beforeAll(async () => {
  azurite = await startAzurite();
  storage = createAzureBlobStorage(azurite.connectionString);
  service = new BlobServiceClient(
    azurite.blobEndpoint,
    new StorageSharedKeyCredential(DEVELOPMENT_STORAGE.accountName, DEVELOPMENT_STORAGE.accountKey),
  );
});
afterAll(async () => {
  await azurite?.stop();
});

/** A container name of its own for each test: they share one Azurite. */
const freshContainer = () => `test-${randomBytes(6).toString('hex')}`;
const bytes = (text: string) => Buffer.from(text, 'utf8');

describe(createAzureBlobStorage.name, () => {
  it('stores a blob with its content type and reads both back', async () => {
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
    // The type is the blob's own property on the service, not guessed from the name on the way out.
    const properties = await service
      .getContainerClient(container)
      .getBlobClient('businesses/b1/logo.png')
      .getProperties();
    expect(properties.contentType).toBe('image/png');
  });

  it('replaces a blob put again under the same name', async () => {
    const container = freshContainer();
    await storage.put(container, 'a/b.webp', bytes('first'), 'image/webp');
    await storage.put(container, 'a/b.webp', bytes('second'), 'image/jpeg');
    expect(await storage.get(container, 'a/b.webp')).toEqual({
      data: bytes('second'),
      contentType: 'image/jpeg',
    });
  });

  it('creates the container on first use, private', async () => {
    const container = freshContainer();
    const client = service.getContainerClient(container);
    expect(await client.exists()).toBe(false);
    await storage.put(container, 'x.png', bytes('x'), 'image/png');
    expect(await client.exists()).toBe(true);
    // No anonymous access at all: every read goes through the app's download route.
    expect((await client.getAccessPolicy()).blobPublicAccess).toBeUndefined();
  });

  it('creates the container again when it was deleted behind its back', async () => {
    const container = freshContainer();
    await storage.put(container, 'one.png', bytes('1'), 'image/png');
    await service.getContainerClient(container).delete();
    await storage.put(container, 'two.png', bytes('2'), 'image/png');
    expect((await storage.get(container, 'two.png'))?.data).toEqual(bytes('2'));
  });

  it('answers null for a missing blob, and in a container not created yet', async () => {
    const container = freshContainer();
    expect(await storage.get(container, 'businesses/b1/none.png')).toBeNull();
    await storage.put(container, 'businesses/b1/there.png', bytes('x'), 'image/png');
    expect(await storage.get(container, 'businesses/b1/none.png')).toBeNull();
    // Reading does not create the container: only an upload does.
    expect(await service.getContainerClient(freshContainer()).exists()).toBe(false);
  });

  it('removes a blob; removing a missing blob or from a missing container is no error', async () => {
    const container = freshContainer();
    await storage.put(container, 'businesses/b1/logo.png', bytes('x'), 'image/png');
    await storage.remove(container, 'businesses/b1/logo.png');
    expect(await storage.get(container, 'businesses/b1/logo.png')).toBeNull();
    await expect(storage.remove(container, 'businesses/b1/logo.png')).resolves.toBeUndefined();
    await expect(storage.remove(freshContainer(), 'businesses/b1/logo.png')).resolves.toBeUndefined();
  });

  it('refuses names with `..`, empty segments or odd characters before any request', async () => {
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
    // Nothing of those reached the service: the other business's blob is intact, no blob was added.
    expect((await storage.get(container, 'businesses/b2/logo.png'))?.data).toEqual(bytes('B2'));
    const names: string[] = [];
    for await (const blob of service.getContainerClient(container).listBlobsFlat()) names.push(blob.name);
    expect(names).toEqual(['businesses/b2/logo.png']);
  });

  it("keeps two businesses' prefixes apart", async () => {
    const container = freshContainer();
    await storage.put(container, 'businesses/aaa/logo.png', bytes('A'), 'image/png');
    await storage.put(container, 'businesses/bbb/logo.png', bytes('B'), 'image/png');
    // A prefix of the other's id is another prefix, not a folder above it.
    await storage.put(container, 'businesses/aa/logo.png', bytes('AA'), 'image/png');

    expect((await storage.get(container, 'businesses/aaa/logo.png'))?.data).toEqual(bytes('A'));
    expect((await storage.get(container, 'businesses/bbb/logo.png'))?.data).toEqual(bytes('B'));
    await storage.remove(container, 'businesses/aaa/logo.png');
    expect(await storage.get(container, 'businesses/aaa/logo.png')).toBeNull();
    expect((await storage.get(container, 'businesses/bbb/logo.png'))?.data).toEqual(bytes('B'));
    expect((await storage.get(container, 'businesses/aa/logo.png'))?.data).toEqual(bytes('AA'));

    const under = async (prefix: string) => {
      const names: string[] = [];
      for await (const blob of service.getContainerClient(container).listBlobsFlat({ prefix }))
        names.push(blob.name);
      return names;
    };
    expect(await under('businesses/bbb/')).toEqual(['businesses/bbb/logo.png']);
    expect(await under('businesses/aa/')).toEqual(['businesses/aa/logo.png']);
  });

  it('rethrows what is not "not found": a wrong account key is an error, not a missing blob', async () => {
    const container = freshContainer();
    await storage.put(container, 'x.png', bytes('x'), 'image/png');
    const wrongKey = Buffer.alloc(64, 7).toString('base64');
    const impostor = createAzureBlobStorage(
      azurite.connectionString.replace(DEVELOPMENT_STORAGE.accountKey, wrongKey),
      { retryDelayMs: 10 },
    );
    await expect(impostor.get(container, 'x.png')).rejects.toMatchObject({ statusCode: 403 });
    await expect(impostor.get(container, 'missing.png')).rejects.toMatchObject({ statusCode: 403 });
    await expect(impostor.put(container, 'y.png', bytes('y'), 'image/png')).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(impostor.remove(container, 'x.png')).rejects.toMatchObject({ statusCode: 403 });
    expect(await storage.get(container, 'x.png')).not.toBeNull();
  });

  it('gives up within its deadline on a service that never answers', async () => {
    // A loopback listener that takes connections and never says a word.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const stalled = createAzureBlobStorage(
      azurite.connectionString.replace(azurite.blobEndpoint, `http://127.0.0.1:${port}/devstoreaccount1`),
      { operationTimeoutMs: 300, retryDelayMs: 10 },
    );
    try {
      for (const call of [
        () => stalled.put('inventory', 'businesses/b1/logo.png', bytes('x'), 'image/png'),
        () => stalled.get('inventory', 'businesses/b1/logo.png'),
        () => stalled.remove('inventory', 'businesses/b1/logo.png'),
      ]) {
        const started = Date.now();
        await expect(call()).rejects.toThrow(/did not finish .* within 300 ms/);
        expect(Date.now() - started).toBeLessThan(2_000);
      }
      expect(sockets.size).toBeGreaterThan(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('the app with AZURE_STORAGE_CONNECTION_STRING', () => {
  it('stores a business logo in Azure and serves it through the download route', async () => {
    const t = await buildTestApp({ AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString });
    try {
      const owner = await verifiedOwner(t);
      const logo = await sharp({ create: { width: 8, height: 4, channels: 3, background: '#c30' } })
        .png()
        .toBuffer();
      const form = multipart([
        { name: 'business', value: JSON.stringify({ businessName: 'Cloud Corner' }) },
        { name: 'logo', value: logo, filename: 'logo.png', contentType: 'image/png' },
      ]);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/businesses/create',
        headers: { ...form.headers, ...bearer(owner.token) },
        payload: form.payload,
      });
      expect(created.statusCode).toBe(201);
      const { id, logoUrl } = created.json<{ id: string; logoUrl: string }>();
      expect(logoUrl).toBe(`businesses/${id}/logo.png`);

      // In Azurite's inventory container, with its type; nothing in DATA_DIR/blobs.
      const stored = await service.getContainerClient('inventory').getBlobClient(logoUrl).downloadToBuffer();
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 8, height: 4 });
      await expect(access(path.join(t.config.dataDir, 'blobs'))).rejects.toThrow();

      const session = await signIn(t, owner.email, owner.password);
      const download = (imageUrl: string, token = session.token) =>
        t.app.inject({
          method: 'GET',
          url: `/api/azure-blob/download-image?${new URLSearchParams({ imageUrl, containerName: 'inventory' }).toString()}`,
          headers: bearer(token),
        });
      const res = await download(logoUrl);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(stored)).toBe(true);

      // A name of the business that was never stored is a 404, not a 500.
      expect((await download(`businesses/${id}/stores/none.png`)).statusCode).toBe(404);
      // Another business's logo is not served to this one.
      const other = await ownerWithBusiness(t, 'Other Shop');
      expect((await download(logoUrl, other.token)).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
