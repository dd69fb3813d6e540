import type pg from 'pg';
import { JOBS_SCHEMA } from '../platform/jobs/job-queue.js';

/**
 * The seeder signs its accounts up as people do: the registration and invitation mails carry the
 * links it follows. It reads them from the queued mail job (as the owner: only the owner reads
 * the job queue) and then drops every mail queued to the demo's addresses, which exist nowhere.
 */
export async function linkTokenMailedTo(owner: pg.Pool, email: string): Promise<string> {
  const { rows } = await owner.query<{ text: string }>(
    `select data->>'text' as text from ${JOBS_SCHEMA}.job
     where name = 'mail' and data->>'to' ilike '%' || $1 || '%'
     order by created_on desc limit 1`,
    [email],
  );
  const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(rows[0]?.text ?? '')?.[1];
  if (!token) throw new Error(`demo seed: no link was mailed to ${email}`);
  return token;
}

export async function dropMailsTo(owner: pg.Pool, domain: string): Promise<void> {
  await owner.query(
    `delete from ${JOBS_SCHEMA}.job where name = 'mail' and data->>'to' ilike '%@' || $1 || '%'`,
    [domain],
  );
}
