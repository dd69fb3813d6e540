/**
 * The bare reference of POST /api/sales: Fastify + pg.Pool (max 20, as the server) sending the
 * statements the full stack sent for one sale of three lines (SCRIPT_FILE, from sale-script.ts),
 * in their order, logged in as the request role so the same row-level security, triggers and
 * locks apply. Each request replays them with new ids and its own Idempotency-Key: the session
 * check on the pool, then BEGIN ... COMMIT on one client (ROLLBACK on an error). No JWT, no zod,
 * no pricing or rules in JavaScript: what is left is the database's share of the work.
 * Env: PORT, DATABASE_REQUEST_URL, SCRIPT_FILE, CAPTURE_KEY (the key the captured sale carried).
 */
import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';
import pg from 'pg';
import { renew, replacerFor, type ScriptStatement } from './sale-script.js';

const script = JSON.parse(await readFile(process.env.SCRIPT_FILE ?? '', 'utf8')) as ScriptStatement[];
const captureKey = process.env.CAPTURE_KEY ?? '';
if (script.length === 0 || !captureKey) throw new Error('SCRIPT_FILE and CAPTURE_KEY are required');

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_REQUEST_URL,
  max: 20,
  idleTimeoutMillis: 30_000,
});
pool.on('error', () => undefined);

function configOf(statement: ScriptStatement, replace: (text: string) => string): pg.QueryConfig {
  return {
    ...(statement.name ? { name: statement.name } : {}),
    text: statement.text,
    ...(statement.values ? { values: renew(statement.values, replace) as unknown[] } : {}),
    ...(statement.rowMode === 'array' ? { rowMode: 'array' } : {}),
  };
}

async function replay(key: string): Promise<void> {
  const replace = replacerFor(captureKey, key);
  let client: pg.PoolClient | undefined;
  try {
    for (const statement of script) {
      if (statement.onPool) {
        await pool.query(configOf(statement, replace));
        continue;
      }
      client ??= await pool.connect();
      await client.query(configOf(statement, replace));
    }
  } catch (error) {
    await client?.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client?.release();
  }
}

const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));
app.post('/sales', async (request, reply) => {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || key === '') return reply.code(400).send({ error: 'Idempotency-Key' });
  await replay(key);
  return reply.code(201).send({ status: 'recorded' });
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = () =>
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
