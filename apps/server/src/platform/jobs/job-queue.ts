import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Tx } from '../db/tenancy.js';

/** pg-boss's schema in every database of this app (installed by platform/db/migrate.ts). */
export const JOBS_SCHEMA = 'pgboss';

/**
 * One kind of job. Its payload is checked against `schema` before the handler sees it, so a job
 * written by an older release fails loudly instead of half-running. A payload that belongs to a
 * business carries its `businessId`, and the handler runs its work through inTenant.
 */
export type QueueDefinition<T> = {
  name: string;
  schema: z.ZodType<T>;
  /** Attempts after the first one. */
  retryLimit: number;
  /** Seconds before the first retry; with backoff it doubles (with jitter) on every retry. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /**
   * How long one attempt may stay active. An attempt still active after this (its process was
   * killed, or it hangs) is failed by pg-boss's maintenance and retried, by any process.
   */
  expireInSeconds: number;
};

/**
 * How fast the queue reacts. `standard` for real use; `fast` (JOB_TIMING=fast) lets tests see
 * retries and the recovery of a killed process in seconds instead of minutes.
 */
export type JobTiming = 'standard' | 'fast';

const TIMING: Record<
  JobTiming,
  {
    pollingIntervalSeconds: number;
    maintenanceIntervalSeconds: number;
    queues?: Pick<QueueDefinition<unknown>, 'retryDelaySeconds' | 'retryBackoff' | 'expireInSeconds'>;
  }
> = {
  // Polling once a second per queue costs one indexed query; mail goes out within a second.
  standard: { pollingIntervalSeconds: 1, maintenanceIntervalSeconds: 30 },
  fast: {
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
    queues: { retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 2 },
  },
};

export type JobHandler<T> = (data: T, job: { id: string }) => Promise<void>;

export type JobQueue = {
  /** Registers the worker of a queue; call before start(). */
  register: <T>(queue: QueueDefinition<T>, handler: JobHandler<T>) => void;
  /** Runs after the workers stopped: closes what only they use (the SMTP transport). */
  onStop: (close: () => void | Promise<void>) => void;
  /** Told of every failed attempt of a job (the metrics count them), with its queue's name. */
  onAttemptFailed: (listener: (queue: string) => void) => void;
  /** Jobs waiting in each registered queue (created or due for a retry); throws when the queue is unreachable. */
  depths: () => Promise<Record<string, number>>;
  /** Creates the registered queues (idempotent) and starts their workers. */
  start: () => Promise<void>;
  /** Stops taking jobs, lets running ones finish (up to `timeoutMs`), closes the pool. */
  stop: (timeoutMs?: number) => Promise<void>;
  /**
   * Queues a job inside the caller's open transaction, on its own connection: a rollback drops
   * the job, a commit keeps it. Returns the job id.
   */
  enqueue: <T>(tx: Tx, queue: QueueDefinition<T>, data: T) => Promise<string>;
  /**
   * Queues a job outside any transaction (a timer's periodic job). With `singletonSeconds`, at
   * most one job of the queue is written per slot of that many seconds, whichever process sends
   * it: answers false when this one was not written.
   */
  send: <T>(queue: QueueDefinition<T>, data: T, options?: { singletonSeconds?: number }) => Promise<boolean>;
  /**
   * For tests: runs every job that is due now, in this process, until none is left, and waits
   * for the ones this process's workers have already taken. Jobs waiting for a later retry stay.
   * Deterministic with `isPolling: false`; with polling workers, a job a worker is fetching at
   * that very moment is left to that worker.
   */
  drain: () => Promise<void>;
};

type Registered = { queue: QueueDefinition<unknown>; handler: JobHandler<unknown> };

/**
 * The job queue of DESIGN section 14: pg-boss in the same PostgreSQL. Workers run on pg-boss's
 * own small pool as the database owner (`url` is the URL the server migrates with); jobs are
 * written by request transactions, as the request role (see migrate.ts for its grants).
 */
export function createJobQueue(options: {
  url: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  timing?: JobTiming;
  /** Connections of pg-boss's own pool: polling, completion and maintenance only. */
  maxConnections?: number;
  /**
   * false: no worker polls, jobs run only through drain(). Tests use it so that which process
   * runs a job, and when, is decided by the test.
   */
  isPolling?: boolean;
}): JobQueue {
  const { log } = options;
  const timing = TIMING[options.timing ?? 'standard'];
  const boss = new PgBoss({
    connectionString: options.url,
    schema: JOBS_SCHEMA,
    max: options.maxConnections ?? 3,
    application_name: 'retail-backoffice-jobs',
    // The migration step installs and upgrades the schema; here pg-boss only checks its version.
    migrate: false,
    // No cron schedules yet: this spares a polling worker and two timers.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: timing.maintenanceIntervalSeconds,
    // Payloads can hold secrets (a queued mail holds its link): finished jobs leave the job table
    // after an hour, failed ones after three days (past every link's lifetime, time enough to
    // look into an outage), and the archive keeps them one more day.
    archiveCompletedAfterSeconds: 3600,
    archiveFailedAfterSeconds: 3 * 24 * 3600,
    deleteAfterDays: 1,
  });
  let isStopping = false;
  // Without a listener an 'error' event would throw; pg-boss reports failed polls and pool errors.
  // While the server stops, the database ends its idle connections (57P01): that is no error.
  boss.on('error', (error) => {
    if (isStopping && (error as { code?: unknown }).code === '57P01') return;
    log.error({ err: error }, 'job queue error');
  });

  const registered = new Map<string, Registered>();
  const closers: Array<() => void | Promise<void>> = [];
  const failureListeners: Array<(queue: string) => void> = [];
  const running = new Set<Promise<void>>();
  let isStarted = false;
  /** The workers' loops (one per queue), and what ends their wait between polls at stop. */
  const loops: Array<Promise<void>> = [];
  let wake = new AbortController();

  /** One attempt of one job; the caller completes or fails it. The payload is never logged. */
  const run = (entry: Registered, job: { id: string; data: unknown }): Promise<void> => {
    const attempt = (async () => {
      try {
        await entry.handler(entry.queue.schema.parse(job.data), { id: job.id });
      } catch (error) {
        log.warn(
          { queue: entry.queue.name, jobId: job.id, err: error instanceof Error ? error.message : error },
          'job attempt failed (retried while attempts remain)',
        );
        for (const listener of failureListeners) listener(entry.queue.name);
        throw error;
      }
    })();
    const tracked = attempt.catch(() => undefined);
    running.add(tracked);
    void tracked.finally(() => running.delete(tracked));
    return attempt;
  };

  /** Completes or fails an attempt; a database that is gone leaves the job active (see poll). */
  const settle = async (entry: Registered, job: { id: string; data: unknown }): Promise<void> => {
    try {
      await run(entry, job);
      await boss.complete(entry.queue.name, job.id);
    } catch (error) {
      await boss.fail(entry.queue.name, job.id, error as object);
    }
  };

  /**
   * One queue's worker: takes a job, runs it, completes or fails it, and takes the next at once;
   * waits the polling interval only when the queue is empty. pg-boss's own worker is not used: it
   * waits the interval after every job (one job a second per process drains a backlog slowly) and
   * does not await its complete and fail calls, so a database restart while a job ran became an
   * unhandled rejection that ended the process (crash-safety.int.test.ts). Here every call is
   * awaited and a failure is logged; a job whose completion could not be written stays active
   * until its expiry, then pg-boss's maintenance retries it: each job runs at least once.
   */
  const poll = async (entry: Registered): Promise<void> => {
    const intervalMs = timing.pollingIntervalSeconds * 1000;
    while (!isStopping) {
      let hasRun = false;
      try {
        const jobs = await boss.fetch<unknown>(entry.queue.name, { batchSize: 1 });
        for (const job of jobs) await settle(entry, job);
        hasRun = jobs.length > 0;
      } catch (error) {
        if (!isStopping) log.error({ err: error, queue: entry.queue.name }, 'job queue poll failed');
      }
      if (!hasRun && !isStopping) {
        await sleep(intervalMs, undefined, { signal: wake.signal }).catch(() => undefined);
      }
    }
  };

  return {
    register: (queue, handler) => {
      if (isStarted) throw new Error(`The worker of queue ${queue.name} was registered after start.`);
      registered.set(queue.name, {
        queue,
        handler: handler as JobHandler<unknown>,
      });
    },

    onStop: (close) => {
      closers.push(close);
    },

    onAttemptFailed: (listener) => {
      failureListeners.push(listener);
    },

    depths: async () => {
      const depths: Record<string, number> = {};
      for (const name of registered.keys()) depths[name] = await boss.getQueueSize(name);
      return depths;
    },

    start: async () => {
      isStopping = false;
      wake = new AbortController();
      // Each queue's loop waits on this one signal between polls.
      setMaxListeners(registered.size + 1, wake.signal);
      await boss.start();
      for (const entry of registered.values()) {
        const { queue } = entry;
        const { retryDelaySeconds, retryBackoff, expireInSeconds } = timing.queues ?? queue;
        const settings = {
          retryLimit: queue.retryLimit,
          retryDelay: retryDelaySeconds,
          retryBackoff,
          expireInSeconds,
        };
        // createQueue does nothing when the queue exists; updateQueue then applies settings that
        // changed since (jobs read them from the queue row when they are written).
        await boss.createQueue(queue.name, { name: queue.name, ...settings });
        await boss.updateQueue(queue.name, { name: queue.name, ...settings });
        if (options.isPolling === false) continue;
        loops.push(poll(entry));
      }
      isStarted = true;
    },

    stop: async (timeoutMs = 10_000) => {
      isStopping = true;
      wake.abort();
      // The loops take no new job now; the attempts under way get `timeoutMs` to finish. One
      // still running then is left to expire and be retried by another process (at least once).
      const timeout = sleep(timeoutMs, undefined, { ref: false });
      await Promise.race([Promise.all(loops.splice(0)), timeout]);
      if (isStarted) await boss.stop({ graceful: false, close: true, wait: true });
      isStarted = false;
      for (const close of closers.splice(0)) await close();
    },

    enqueue: async (tx, queue, data) => {
      // pg-boss writes the job with the transaction's own client; the payload is JSON.
      const id = await boss.send(queue.name, data as object, {
        db: { executeSql: (text, values) => tx.$client.query(text, values) },
      });
      // send() answers null only when nothing was written: an unknown queue.
      if (!id) throw new Error(`The job queue ${queue.name} does not exist; was the server started?`);
      return id;
    },

    send: async (queue, data, sendOptions = {}) => {
      const id = await boss.send(queue.name, data as object, {
        ...(sendOptions.singletonSeconds ? { singletonSeconds: sendOptions.singletonSeconds } : {}),
      });
      return id !== null;
    },

    drain: async () => {
      for (;;) {
        let hasRun = false;
        for (const entry of registered.values()) {
          for (;;) {
            const [job] = await boss.fetch<unknown>(entry.queue.name, { batchSize: 1 });
            if (!job) break;
            hasRun = true;
            await settle(entry, job);
          }
        }
        // A job taken by a background worker finishes first: it may queue further jobs.
        if (running.size > 0) {
          await Promise.all(running);
          continue;
        }
        if (!hasRun) return;
      }
    },
  };
}
