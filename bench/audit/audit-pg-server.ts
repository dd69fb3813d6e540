/**
 * The bare reference of the audit benchmark: Fastify + pg.Pool sending the SQL the full stack
 * sends for the audit reads, run as its own process, logged in as the request role so the same
 * row-level security applies. Env: PORT, DATABASE_REQUEST_URL, BUSINESS_ID, USER_ID.
 *
 * - GET /audit?page=&size=                     every user's entries;
 * - GET /audit/user/:userId?page=&size=        one user's (after the same "is this user ours" check);
 * - GET /audit/event/:eventType?page=&size=    one event type's.
 * Each request: the session check (a prepared call on the pool, as the guard), then one client:
 * BEGIN with the role, tenant and user in one simple query, the business and plan reads of the
 * plan gate, the route's statements (imported from the repository, so the ratio measures the
 * application around them, never another query), COMMIT.
 */
import { randomUUID } from 'node:crypto';
import type { AuditEventType } from '@app/contracts';
import Fastify from 'fastify';
import pg from 'pg';
import {
  AUDIT_SUBJECT_SQL,
  auditPageStatement,
  type AuditFilter,
} from '../../apps/server/src/modules/audit/audit-reads.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const businessId = process.env.BUSINESS_ID ?? '';
const userId = process.env.USER_ID ?? '';
if (!UUID.test(businessId) || !UUID.test(userId)) throw new Error('BUSINESS_ID and USER_ID must be UUIDs');

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_REQUEST_URL,
  max: 20,
  idleTimeoutMillis: 30_000,
});
pool.on('error', () => undefined);
const TOKEN_ID = randomUUID();

/** A row of the page statement: an entry (all null on an empty page) and the total. */
type Row = {
  id: string | null;
  user_id: string | null;
  user_email: string | null;
  event_type: string;
  description: string;
  created_at: Date;
  total: number;
};

async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T | null> {
  const check = await pool.query<{ version: unknown }>({
    name: 'app_session_version',
    text: 'select app_session_version($1, $2) as version',
    values: [userId, TOKEN_ID],
  });
  if (check.rows[0]?.version === null || check.rows[0]?.version === undefined) return null;
  const client = await pool.connect();
  try {
    await client.query(
      `begin; select set_config('role', 'app_tenant', true), set_config('app.business_id', '${businessId}', true), set_config('app.user_id', '${userId}', true)`,
    );
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** The plan gate's two reads (planOfBusiness: the business row, then its plan). */
async function readPlan(client: pg.PoolClient): Promise<boolean> {
  const business = await client.query<{ plan_id: string }>({
    name: 'bench_business',
    text: 'select * from businesses where id = $1',
    values: [businessId],
  });
  const planId = business.rows[0]?.plan_id;
  if (!planId) return false;
  const plan = await client.query({
    name: 'bench_plan',
    text: 'select * from plans where id = $1',
    values: [planId],
  });
  return plan.rowCount === 1;
}

async function answerPage(filter: AuditFilter, query: { page?: string; size?: string }) {
  const page = Number(query.page ?? 0);
  const size = Number(query.size ?? 10);
  return inTransaction(async (client) => {
    if (!(await readPlan(client))) return null;
    if (filter.userId) {
      const known = await client.query<{ known: boolean }>({
        name: 'audit_subject',
        text: AUDIT_SUBJECT_SQL,
        values: [businessId, filter.userId],
      });
      if (known.rows[0]?.known !== true) return null;
    }
    const result = await client.query<Row>(
      auditPageStatement(businessId, filter, { limit: size, offset: page * size }),
    );
    const totalElements = result.rows[0]?.total ?? 0;
    return {
      content: result.rows
        .filter((row) => row.id !== null)
        .map((row) => ({
          id: row.id,
          userId: row.user_id,
          userEmail: row.user_email,
          eventType: row.event_type,
          description: row.description,
          timestamp: row.created_at.toISOString(),
        })),
      page,
      size,
      totalElements,
      totalPages: Math.ceil(totalElements / size),
    };
  });
}

type PageQuery = { Querystring: { page?: string; size?: string } };
const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));
app.get<PageQuery>('/audit', async (request, reply) => {
  return (await answerPage({}, request.query)) ?? reply.code(404).send({ error: 'not found' });
});
app.get<PageQuery & { Params: { userId: string } }>('/audit/user/:userId', async (request, reply) => {
  const answer = await answerPage({ userId: request.params.userId }, request.query);
  return answer ?? reply.code(404).send({ error: 'not found' });
});
app.get<PageQuery & { Params: { eventType: AuditEventType } }>(
  '/audit/event/:eventType',
  async (request, reply) => {
    const answer = await answerPage({ eventType: request.params.eventType }, request.query);
    return answer ?? reply.code(404).send({ error: 'not found' });
  },
);

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = () =>
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
