import { randomUUID } from 'node:crypto';

/**
 * A UUID of version 7 (RFC 9562): the first 48 bits are the Unix time in milliseconds, the rest
 * random (taken from a version 4 UUID, which already carries the variant bits). Ledger rows get
 * these ids: the primary key's B-tree then grows at its right edge (PostgreSQL caches that leaf
 * for the next insert) instead of dirtying a random page of an index that grows with every sale.
 */
export function timeOrderedUuid(now: number = Date.now()): string {
  const time = now.toString(16).padStart(12, '0');
  // randomUUID(): xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx; keep from the character after the "4".
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${randomUUID().slice(15)}`;
}
