import {
  AnonymousCredential,
  BlobServiceClient,
  StorageSharedKeyCredential,
  type ContainerClient,
  type ListBlobsFlatSegmentResponse,
} from '@azure/storage-blob';
import { parseAzureConnectionString } from './azure-connection-string.js';
import { assertSafeBlobName, assertSafeBlobPrefix, type BlobStorage } from './blob-storage.js';

export type AzureBlobStorageOptions = {
  /**
   * The most one call (put, get or remove) may take, every try and the transfer included; then it
   * fails. An upload runs inside the request that stores it (the business set-up, in its
   * transaction): a stalled service must not hold that request, its connection and its locks.
   */
  operationTimeoutMs?: number;
  /** Tries of one request, the first included: only network errors, 500 and 503 are tried again. */
  maxTries?: number;
  /** The first pause before trying again; it doubles, up to a few seconds. */
  retryDelayMs?: number;
  /** Names listed per request by removeAll; the service's largest page unless a test asks less. */
  listPageSize?: number;
};

const DEFAULTS = { operationTimeoutMs: 20_000, maxTries: 3, retryDelayMs: 500, listPageSize: 5000 } as const;
/** Deletions of removeAll in flight at once. */
const DELETE_CONCURRENCY = 16;

/**
 * The BlobStorage of AZURE_STORAGE_CONNECTION_STRING: each container of the interface is an Azure
 * container, created private (no anonymous read) the first time something is put into it; a blob
 * keeps the content type it was put with and answers it on get.
 *
 * Names are checked as the file storage checks them (assertSafeBlobName), before any request: a
 * `..` segment would otherwise be resolved away by URL rules and name another business's blob.
 */
export function createAzureBlobStorage(
  connectionString: string,
  options: AzureBlobStorageOptions = {},
): BlobStorage {
  const connection = parseAzureConnectionString(connectionString);
  // The configuration was checked at start (config.ts); this only guards other callers. The reason
  // names keys, never the key itself.
  if (typeof connection === 'string') throw new Error(`AZURE_STORAGE_CONNECTION_STRING: ${connection}`);
  const { operationTimeoutMs, maxTries, retryDelayMs, listPageSize } = { ...DEFAULTS, ...options };

  const pipelineOptions = {
    // The SDK's own defaults try four times with pauses of up to two minutes and no deadline: a
    // stalled service would hold the request for many minutes. The deadline is withDeadline's
    // (tryTimeoutInMs is only a hint to the service, not a client-side timeout).
    retryOptions: { maxTries, retryDelayInMs: retryDelayMs, maxRetryDelayInMs: retryDelayMs * 4 },
  };
  const service =
    'accountKey' in connection
      ? new BlobServiceClient(
          connection.blobEndpoint,
          new StorageSharedKeyCredential(connection.accountName, connection.accountKey),
          pipelineOptions,
        )
      : new BlobServiceClient(
          `${connection.blobEndpoint}?${connection.sharedAccessSignature}`,
          new AnonymousCredential(),
          pipelineOptions,
        );

  /** Runs one call under the deadline; a call that passes it fails with a message saying so. */
  async function withDeadline<T>(what: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const signal = AbortSignal.timeout(operationTimeoutMs);
    try {
      return await work(signal);
    } catch (error) {
      if (signal.aborted)
        throw new Error(`Azure Blob Storage did not finish ${what} within ${operationTimeoutMs} ms`, {
          cause: error,
        });
      throw error;
    }
  }

  // Containers known to exist: created (or found) once per process, not before every upload. A
  // failed creation is forgotten so that the next upload tries again.
  const created = new Map<string, Promise<unknown>>();
  const ensureContainer = (container: ContainerClient, signal: AbortSignal) => {
    let creation = created.get(container.containerName);
    if (!creation) {
      // No `access` option: the container is private, every read goes through the download route.
      creation = container.createIfNotExists({ abortSignal: signal });
      created.set(container.containerName, creation);
      const settled = creation;
      settled.catch(() => {
        if (created.get(container.containerName) === settled) created.delete(container.containerName);
      });
    }
    return creation;
  };

  const blobOf = (container: string, name: string) => {
    assertSafeBlobName(container, name);
    const containerClient = service.getContainerClient(container);
    return { containerClient, blob: containerClient.getBlockBlobClient(name) };
  };

  return {
    put: async (container, name, data, contentType) => {
      const { containerClient, blob } = blobOf(container, name);
      await withDeadline(`storing ${container}/${name}`, async (abortSignal) => {
        const upload = () =>
          blob.uploadData(data, { abortSignal, blobHTTPHeaders: { blobContentType: contentType } });
        await ensureContainer(containerClient, abortSignal);
        try {
          await upload();
        } catch (error) {
          // The container was deleted behind this process's back (by hand, or a test's cleanup):
          // create it again, once.
          if (errorCodeOf(error) !== 'ContainerNotFound') throw error;
          created.delete(container);
          await ensureContainer(containerClient, abortSignal);
          await upload();
        }
      });
    },

    get: async (container, name) => {
      const { blob } = blobOf(container, name);
      return withDeadline(`reading ${container}/${name}`, async (abortSignal) => {
        try {
          const response = await blob.download(0, undefined, { abortSignal, maxRetryRequests: maxTries - 1 });
          const data = await readAll(response.readableStreamBody);
          return { data, contentType: response.contentType ?? 'application/octet-stream' };
        } catch (error) {
          // No such blob, or no such container yet: both are simply "not stored". Anything else
          // (a refused key, a service failure) is an error, not a missing image.
          if (statusOf(error) === 404) return null;
          throw error;
        }
      });
    },

    remove: async (container, name) => {
      const { blob } = blobOf(container, name);
      await withDeadline(`removing ${container}/${name}`, async (abortSignal) => {
        try {
          await blob.deleteIfExists({ abortSignal, deleteSnapshots: 'include' });
        } catch (error) {
          // deleteIfExists answers a missing blob, not a missing container: gone is gone.
          if (statusOf(error) !== 404) throw error;
        }
      });
    },

    // One page of names at a time, each page under its own deadline: a business may hold many
    // thousands of images. Deleting while listing is safe: the listing is by name, and the
    // continuation token names the next name, not a position.
    removeAll: async (container, prefix) => {
      assertSafeBlobPrefix(container, prefix);
      const containerClient = service.getContainerClient(container);
      let continuationToken: string | undefined;
      do {
        continuationToken = await withDeadline(`removing ${container}/${prefix}`, async (abortSignal) => {
          let names: string[];
          let next: string | undefined;
          try {
            const pages = containerClient
              .listBlobsFlat({ prefix, abortSignal })
              .byPage({ maxPageSize: listPageSize, ...(continuationToken ? { continuationToken } : {}) });
            const page = (await pages.next()).value as ListBlobsFlatSegmentResponse | undefined;
            names = page?.segment.blobItems.map((item) => item.name) ?? [];
            next = page?.continuationToken || undefined;
          } catch (error) {
            if (statusOf(error) === 404) return undefined; // no container: nothing stored
            throw error;
          }
          for (let i = 0; i < names.length; i += DELETE_CONCURRENCY) {
            await Promise.all(
              names.slice(i, i + DELETE_CONCURRENCY).map(async (name) => {
                try {
                  await containerClient
                    .getBlockBlobClient(name)
                    .deleteIfExists({ abortSignal, deleteSnapshots: 'include' });
                } catch (error) {
                  if (statusOf(error) !== 404) throw error;
                }
              }),
            );
          }
          return next;
        });
      } while (continuationToken);
    },
  };
}

/** The HTTP status of the service's answer in an SDK error (a RestError). */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  return typeof error.statusCode === 'number' ? error.statusCode : undefined;
}

/** The storage error code (`x-ms-error-code`) of an SDK error, such as ContainerNotFound. */
function errorCodeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const details = 'details' in error ? error.details : undefined;
  if (typeof details === 'object' && details !== null && 'errorCode' in details)
    return typeof details.errorCode === 'string' ? details.errorCode : undefined;
  return 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

async function readAll(stream: NodeJS.ReadableStream | undefined): Promise<Buffer> {
  if (!stream) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}
