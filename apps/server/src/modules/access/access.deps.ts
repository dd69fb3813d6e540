import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import type { AccessTokens } from '../../platform/auth/access-token.js';
import type { BlobStorage } from '../../platform/blobs/blob-storage.js';
import type { Clock } from '../../platform/clock.js';
import type { Mailer } from '../../platform/mail/mailer.js';

/** What the access services need from the platform; built once in app.ts. */
export type AccessDeps = {
  db: Db;
  mailer: Mailer;
  tokens: AccessTokens;
  blobs: BlobStorage;
  appUrl: string;
  log: FastifyBaseLogger;
  clock: Clock;
};
