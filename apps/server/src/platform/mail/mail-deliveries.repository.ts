import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { mailDeliveries } from './mail.table.js';

/**
 * Runs `send` once per key. The key is inserted first, in a transaction that commits only after
 * `send` succeeded:
 * - a key committed by an earlier attempt makes the insert do nothing: already sent, skip;
 * - an attempt running at the same moment (a retry beside a hung attempt) holds the key's row
 *   lock, so this insert waits for its outcome instead of sending a second copy;
 * - a failed send rolls the key back, and the next attempt sends.
 * Only a crash between a successful send and the commit sends twice; the copies share their
 * Message-ID (and file name), so they are recognisably one message.
 *
 * Runs as the owner (the worker side), never as the request role, which has no business here.
 */
export async function sendOncePerKey(
  db: NodePgDatabase,
  key: string,
  send: () => Promise<void>,
): Promise<'sent' | 'already-sent'> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(mailDeliveries)
      .values({ key })
      .onConflictDoNothing()
      .returning({ key: mailDeliveries.key });
    if (claimed.length === 0) return 'already-sent';
    await send();
    return 'sent';
  });
}
