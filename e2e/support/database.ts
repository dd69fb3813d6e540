import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PlanId } from '@app/contracts';
import pg from 'pg';
import { dataDir } from './api.js';

/**
 * The server's embedded PostgreSQL, for set-up steps the product has no screen for yet (a plan
 * change comes with the subscriptions issue). Its password is beside the cluster, its port on
 * line 4 of postmaster.pid.
 */
function ownerUrl(): string {
  const pgDir = path.join(dataDir(), 'pg');
  const password = readFileSync(path.join(pgDir, 'password'), 'utf8').trim();
  const port = Number(readFileSync(path.join(pgDir, 'cluster', 'postmaster.pid'), 'utf8').split('\n')[3]);
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

export async function setPlan(businessId: string, planId: PlanId): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl() });
  await client.connect();
  try {
    const result = await client.query('update businesses set plan_id = $2 where id = $1', [
      businessId,
      planId,
    ]);
    if (result.rowCount !== 1) throw new Error(`no business ${businessId} to move to ${planId}`);
  } finally {
    await client.end();
  }
}
