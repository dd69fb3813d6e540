import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import { BlobServiceClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAzureBlobStorage } from '../../src/platform/blobs/azure-blob-storage.js';
import { DEVELOPMENT_STORAGE } from '../../src/platform/blobs/azure-connection-string.js';
import { businessBlobPrefix, type BlobStorage } from '../../src/platform/blobs/blob-storage.js';
import { startAzurite, type Azurite } from '../azurite.js';
import { buildTestApp } from '../build-app.js';
import { bearer, ownerWithBusiness, signIn, verifiedOwner } from '../factories/accounts.js';
import { multipart } from '../factories/multipart.js';
import { bytes, describeBlobStorageContract, freshContainer } from './blob-storage-contract.js';

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

/** The blob names of a container, straight from Azurite; [] when the container does not exist. */
async function listNames(container: string, prefix?: string): Promise<string[]> {
  const client = service.getContainerClient(container);
  if (!(await client.exists())) return [];
  const names: string[] = [];
  for await (const blob of client.listBlobsFlat(prefix ? { prefix } : {})) names.push(blob.name);
  return names.sort();
}

describeBlobStorageContract('Azure Blob Storage on Azurite', () => ({ storage, listNames }));

describe(createAzureBlobStorage.name, () => {
  it('keeps the content type as a property of the blob on the service', async () => {
    const container = freshContainer();
    // A type the name does not suggest: the service answers what was put, not a guess.
    await storage.put(container, 'a/b.webp', bytes('x'), 'image/jpeg');
    expect((await storage.get(container, 'a/b.webp'))?.contentType).toBe('image/jpeg');
    const properties = await service.getContainerClient(container).getBlobClient('a/b.webp').getProperties();
    expect(properties.contentType).toBe('image/jpeg');
  });

  it('creates the container on first use, private; reading does not create it', async () => {
    const container = freshContainer();
    const client = service.getContainerClient(container);
    expect(await storage.get(container, 'x.png')).toBeNull();
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

  it('removeAll goes through every page of the listing', async () => {
    const paged = createAzureBlobStorage(azurite.connectionString, { listPageSize: 2 });
    const container = freshContainer();
    const prefix = businessBlobPrefix(randomUUID());
    for (let i = 0; i < 7; i++)
      await paged.put(container, `${prefix}stores/${i}.png`, bytes(`${i}`), 'image/png');
    await paged.put(container, 'businesses/kept.png', bytes('k'), 'image/png');
    await paged.removeAll(container, prefix);
    expect(await listNames(container)).toEqual(['businesses/kept.png']);
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
    await expect(impostor.removeAll(container, businessBlobPrefix(randomUUID()))).rejects.toMatchObject({
      statusCode: 403,
    });
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
        () => stalled.removeAll('inventory', businessBlobPrefix(randomUUID())),
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
  it('stores a business logo in Azure, serves it through the download route, removes it with the business', async () => {
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

      // Deleting the business removes its blobs from Azure after commit.
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/businesses/${id}`,
        headers: bearer(session.token),
        payload: { businessName: 'Cloud Corner' },
      });
      expect(deleted.statusCode).toBe(204);
      expect(await listNames('inventory', `businesses/${id}/`)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
