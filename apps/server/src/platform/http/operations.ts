import { timingSafeEqual } from 'node:crypto';
import { API, ZErrorBody, ZReadiness, type TReadiness } from '@app/contracts';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/database.js';
import type { ReadRoutingState } from '../db/read-replica.js';
import { missingMigrations } from '../db/migrate.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { AppError } from './app-error.js';

/** A readiness check that takes longer than this counts as failed: a balancer asks often. */
const CHECK_TIMEOUT_MS = 2_000;

/** Seconds: from a cached read to a slow report. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Addresses a request comes from when it comes from this machine without a proxy. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Headers a proxy adds: a request carrying one came through a proxy, so its address says nothing.
 * Beyond the address headers, those proxies add on their own (Via, the X-Forwarded-Host/-Proto
 * that some send without X-Forwarded-For) and the client-address headers of CDNs.
 */
const FORWARDING_HEADERS = [
  'x-forwarded-for',
  'forwarded',
  'x-real-ip',
  'via',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
];

export type OperationsDeps = {
  /** The request pool (what requests wait for) and the owner's pool (migrations, maintenance). */
  db: Db;
  ownerDb: Db;
  jobs: JobQueue;
  metricsToken: string | undefined;
  /**
   * Whether a proxy is declared in front of this process (TRUST_PROXY set): then loopback is where
   * the proxy connects from, and only the token opens the metrics (see mayReadMetrics).
   */
  isBehindProxy?: boolean;
  /** Where analytics and report reads go (read-replica.ts): gauges when a replica is configured. */
  readRouting?: { state: () => ReadRoutingState };
};

/**
 * What an operator and a balancer read: GET /api/ready (the database answers, this release's
 * migrations are applied, the job queue answers: 200, else 503 naming what is wrong) and
 * GET /api/metrics in the Prometheus text format (requests by route and status with their
 * latency, the pools, the queues' depth, failed job attempts, the process), served only to a
 * request straight from loopback or to a bearer of METRICS_TOKEN.
 */
export function registerOperations(app: FastifyInstance, deps: OperationsDeps): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route (the matched pattern) and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route and status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const pools: Array<[string, pg.Pool]> = [
    ['request', deps.db.$client],
    ['owner', deps.ownerDb.$client],
  ];
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of each pool: total open, idle, and requests waiting for one',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      for (const [pool, client] of pools) {
        this.set({ pool, state: 'total' }, client.totalCount);
        this.set({ pool, state: 'idle' }, client.idleCount);
        this.set({ pool, state: 'waiting' }, client.waitingCount);
      }
    },
  });
  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting in each queue (created, or due for a retry)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      // An unreachable queue leaves the gauge out rather than failing the whole scrape.
      const depths = await deps.jobs.depths().catch(() => ({}));
      this.reset();
      for (const [queue, depth] of Object.entries(depths)) this.set({ queue }, depth);
    },
  });
  const readState = deps.readRouting?.state;
  if (readState && readState().isConfigured) {
    // Not part of /api/ready: a lagging replica sends its reads to the primary, it does not make
    // this process unable to serve.
    new Gauge({
      name: 'db_read_replica_in_use',
      help: 'Whether analytics and report reads go to the read replica (1) or to the primary (0)',
      registers: [registry],
      collect() {
        this.set(readState().target === 'replica' ? 1 : 0);
      },
    });
    new Gauge({
      name: 'db_read_replica_lag_seconds',
      help: 'How old the read replica was at the last check (NaN when it could not be measured)',
      registers: [registry],
      collect() {
        const { lagMs } = readState();
        this.set(lagMs === null ? NaN : lagMs / 1000);
      },
    });
  }
  const failures = new Counter({
    name: 'job_attempt_failures_total',
    help: 'Failed attempts of jobs, by queue (each is retried while attempts remain)',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  deps.jobs.onAttemptFailed((queue) => failures.inc({ queue }));

  // Callback style: this runs on every request.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      // The pattern, never the address: ids in paths would make a series per id.
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    API.ready,
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        operationId: 'getReadiness',
        summary: 'Readiness: the database, the migrations and the job queue',
        description:
          'For a balancer or an orchestrator: 200 when this process can serve, 503 naming what is ' +
          `wrong otherwise. Each check has ${CHECK_TIMEOUT_MS} ms.`,
        response: { 200: ZReadiness, 503: ZReadiness },
      },
    },
    async (request, reply) => {
      const [database, migrations, queue] = await Promise.all([
        check(
          'database',
          'not reachable',
          async () => {
            await deps.db.$client.query('select 1');
          },
          request.log,
        ),
        check(
          'migrations',
          'not readable',
          async () => {
            const missing = await missingMigrations(deps.ownerDb);
            return missing === 0 ? 'ok' : `${missing} of this release not applied`;
          },
          request.log,
        ),
        check(
          'queue',
          'not reachable',
          async () => {
            await deps.jobs.depths();
          },
          request.log,
        ),
      ]);
      const checks = { database, migrations, queue };
      const isReady = Object.values(checks).every((value) => value === 'ok');
      const answer: TReadiness = { status: isReady ? 'ready' : 'unavailable', checks };
      return reply.code(isReady ? 200 : 503).send(answer);
    },
  );

  // Untyped: the answer is text, sent as it is (the zod serializer is for JSON answers).
  app.get(
    API.metrics,
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        operationId: 'getMetrics',
        summary: 'Metrics in the Prometheus text format',
        description:
          'Served to a bearer of METRICS_TOKEN, or, when no proxy is declared (TRUST_PROXY unset), ' +
          'to a request straight from loopback without a forwarding header; 403 otherwise.',
        produces: ['text/plain'],
        response: { 403: ZErrorBody },
      },
    },
    async (request, reply) => {
      if (!mayReadMetrics(request, deps.metricsToken, deps.isBehindProxy ?? false))
        throw new AppError('FORBIDDEN', 'The metrics are served to loopback, or with the metrics token.');
      const text = await registry.metrics();
      return reply.type(registry.contentType).send(text);
    },
  );
}

/**
 * 'ok', or the failure's public name: the answer is public, so the reason (a host, a user name in a
 * driver's message) goes to the log only.
 */
async function check(
  name: string,
  failure: string,
  probe: () => Promise<string | void>,
  log: FastifyBaseLogger,
): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return (await Promise.race([probe(), timeout])) ?? 'ok';
  } catch (error) {
    log.warn({ check: name, err: error instanceof Error ? error.message : error }, 'readiness check failed');
    return failure;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A bearer of the token, from anywhere; without one, a request whose socket is loopback and which
 * no proxy forwarded (a reverse proxy on the same host also connects from loopback, and usually
 * says so with a forwarding header).
 *
 * Not when a proxy is declared (TRUST_PROXY set): a proxy on this host that adds no forwarding
 * header (nginx's bare `proxy_pass`, HAProxy without `option forwardfor`) makes every visitor
 * from the internet a loopback request without one, so loopback proves nothing there.
 */
export function mayReadMetrics(
  request: FastifyRequest,
  token: string | undefined,
  isBehindProxy = false,
): boolean {
  const header = request.headers.authorization;
  if (token && header) {
    const given = Buffer.from(header.replace(/^Bearer\s+/i, ''));
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  if (isBehindProxy) return false;
  const peer = request.socket.remoteAddress ?? '';
  return LOOPBACK.has(peer) && FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}
