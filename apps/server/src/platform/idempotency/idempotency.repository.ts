import type { TenantScope } from '../db/tenancy.js';

export type StoredAnswer = {
  fingerprint: string;
  statusCode: number | null;
  response: unknown;
  isExpired: boolean;
};

/**
 * Claims the key for this transaction. A concurrent request with the same key waits here on the
 * primary key until the first one commits (then finds its answer) or rolls back (then claims it).
 * Answers true when this transaction now owns the key.
 */
export async function claimKey(
  scope: TenantScope,
  claim: { userId: string; key: string; fingerprint: string },
): Promise<boolean> {
  const result = await scope.tx.$client.query({
    name: 'idempotency_claim',
    text: `insert into idempotency_keys (business_id, user_id, key, fingerprint) values ($1, $2, $3, $4)
           on conflict do nothing`,
    values: [scope.businessId, claim.userId, claim.key, claim.fingerprint],
  });
  return result.rowCount === 1;
}

export async function readKey(
  scope: TenantScope,
  claim: { userId: string; key: string },
  ttlSeconds: number,
): Promise<StoredAnswer | undefined> {
  const result = await scope.tx.$client.query<StoredAnswer>({
    name: 'idempotency_read',
    text: `select fingerprint, status_code as "statusCode", response,
                  created_at < now() - make_interval(secs => $4) as "isExpired"
           from idempotency_keys where business_id = $1 and user_id = $2 and key = $3 for update`,
    values: [scope.businessId, claim.userId, claim.key, ttlSeconds],
  });
  return result.rows[0];
}

/** Takes over an expired key for a new request. */
export async function renewKey(
  scope: TenantScope,
  claim: { userId: string; key: string; fingerprint: string },
): Promise<void> {
  await scope.tx.$client.query({
    name: 'idempotency_renew',
    text: `update idempotency_keys set fingerprint = $4, status_code = null, response = null, created_at = now()
           where business_id = $1 and user_id = $2 and key = $3`,
    values: [scope.businessId, claim.userId, claim.key, claim.fingerprint],
  });
}

export async function saveAnswer(
  scope: TenantScope,
  claim: { userId: string; key: string },
  statusCode: number,
  response: unknown,
): Promise<void> {
  await scope.tx.$client.query({
    name: 'idempotency_save',
    text: `update idempotency_keys set status_code = $4, response = $5::jsonb
           where business_id = $1 and user_id = $2 and key = $3`,
    values: [scope.businessId, claim.userId, claim.key, statusCode, JSON.stringify(response ?? null)],
  });
}
