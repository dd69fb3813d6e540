import type { FastifyBaseLogger } from 'fastify';
import type { BlobStorage } from '../../platform/blobs/blob-storage.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';

/** What the catalogue's services need from the platform; built once in app.ts. */
export type ProductDeps = {
  db: Db;
  blobs: BlobStorage;
  log: FastifyBaseLogger;
  /** Discounts valid "now" and reader registration read it; tests set their own. */
  clock: Clock;
};
