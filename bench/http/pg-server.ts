/**
 * Baseline (c): bare Fastify + pg.Pool against the full server's database, run as its own process.
 * Env: PORT, DATABASE_URL (the owner), DATABASE_REQUEST_URL (the request role).
 *
 * - GET /users/:id       the handler's select alone, straight on the pool (no transaction);
 * - GET /users-same/:id  the same SQL the full stack sends for one user read: the session check
 *                        before the handler (apps/server/src/platform/db/session-check.ts, a
 *                        prepared statement on the pool), then one simple query with BEGIN, the
 *                        role and the user (platform/db/tenancy.ts), the select, COMMIT, on one
 *                        pooled client. The ratio target compares against this one: it isolates
 *                        what the full stack's own code costs.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const USER_SQL = 'select * from users where id = $1 and deleted_at is null';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type UserRow = Record<string, unknown>;

// The same pool size as the full server (apps/server/src/platform/db/database.ts). The one-select
// route reads as the owner (the request role alone may read nothing); the same-SQL route logs in
// as the full stack's request role, so the same row-level security policies apply.
const ownerPool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 20,
  idleTimeoutMillis: 30_000,
});
ownerPool.on('error', () => undefined);
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_REQUEST_URL,
  max: 20,
  idleTimeoutMillis: 30_000,
});
pool.on('error', () => undefined);

// A token id that is on no denylist, as a fresh sign-in's.
const TOKEN_ID = randomUUID();

async function readAsTheStackDoes(id: string): Promise<{ version: unknown; row: UserRow | undefined }> {
  if (!UUID.test(id)) return { version: null, row: undefined };
  const check = await pool.query<{ version: unknown }>({
    name: 'app_session_version',
    text: 'select app_session_version($1, $2) as version',
    values: [id, TOKEN_ID],
  });
  const client = await pool.connect();
  try {
    await client.query(
      `begin; select set_config('role', 'app_tenant', true), set_config('app.user_id', '${id}', true)`,
    );
    const result = await client.query<UserRow>(USER_SQL, [id]);
    await client.query('commit');
    return { version: check.rows[0]?.version, row: result.rows[0] };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

const app = Fastify({ logger: false });

// Readiness probe for the benchmark.
app.get('/', async () => ({ status: 'ok' }));

app.get<{ Params: { id: string } }>('/users/:id', async (request, reply) => {
  const result = await ownerPool.query<UserRow>(USER_SQL, [request.params.id]);
  const row = result.rows[0];
  if (!row) return reply.code(404).send({ error: 'not found' });
  return row;
});

app.get<{ Params: { id: string } }>('/users-same/:id', async (request, reply) => {
  const { version, row } = await readAsTheStackDoes(request.params.id);
  if (version === null || version === undefined) return reply.code(401).send({ error: 'unauthenticated' });
  if (!row) return reply.code(404).send({ error: 'not found' });
  return row;
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

const stop = () =>
  void app
    .close()
    .then(() => Promise.all([pool.end(), ownerPool.end()]))
    .then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
