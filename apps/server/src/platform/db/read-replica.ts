import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Db } from './database.js';
import { isConnectionFailure, isRecoveryConflict } from './pg-errors.js';

/**
 * Reads that may be a few seconds old (the sales analytics, the reports' tools and forecasts) go
 * to a streaming replica of the primary (DATABASE_REPLICA_URL) while it is fresh; everything else,
 * and every write, stays on the primary's request pool.
 *
 * Freshness is measured in time, not bytes, and holds when the primary is idle: every check
 * samples the primary's WAL position with the time (`pg_current_wal_lsn()`), then asks the replica
 * how far it has replayed (`pg_last_wal_replay_lsn()`). The replica holds everything the primary
 * had at the time of the newest sample whose position it has replayed, so the lag is now minus
 * that time: an upper bound, exact to within one check interval. An idle primary writes no WAL,
 * so the newest sample stays replayed and the lag stays near 0. A lag over `maxLagMs`, a replica
 * that does not answer within `checkTimeoutMs`, or one that is not in recovery (promoted: no
 * longer fed by this primary) sends the reads to the primary until a later check finds it fresh.
 * A read on the replica that fails for a reason of the replica (its connection, a conflict with
 * recovery) is run again on the primary at once, so a replica going down costs no user an error;
 * the work is read-only, so running it twice is harmless.
 *
 * Transactions on a hot standby are read-only: the work routed here must not write (a write
 * fails there with 25006, which is not retried: it is a bug). `set_config` and `SET LOCAL` work.
 */

export type ReadTarget = 'replica' | 'primary';

export type ReadRoutingState = {
  /** Whether DATABASE_REPLICA_URL is set; false: every read is on the primary. */
  isConfigured: boolean;
  /** Where reads go now. */
  target: ReadTarget;
  /** The replica's lag at the last check; null when it could not be measured. */
  lagMs: number | null;
  /** Why the reads are on the primary; null while they are on the replica. */
  reason: string | null;
};

/** Runs read-only work on the replica while it is fresh, else on the primary. */
export type RunReads = <T>(work: (db: Db) => Promise<T>) => Promise<T>;

export type ReadRouting = {
  /** The pool reads go to now. */
  reads: () => Db;
  /** `work` on `reads()`; run again on the primary when the replica fails it. */
  run: RunReads;
  state: () => ReadRoutingState;
  /** One freshness check now (the timer runs one every `checkEveryMs`). */
  check: () => Promise<ReadRoutingState>;
  /** Stops the checks and closes the replica's pool (not the primary's). */
  close: () => Promise<void>;
};

type Log = { info: (message: string) => void; warn: (message: string) => void };

/** The primary's WAL position at a moment. */
export type WalSample = { lsn: bigint; atMs: number };

/** A WAL position as PostgreSQL prints it (`16/B374D848`) as one number. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text);
  if (!match) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/**
 * How old the replica's data is at `nowMs`: now minus the time of the newest sample it has
 * replayed. Infinity when it has replayed none of the samples kept (it is further behind than
 * they reach back, or the first sample is not replayed yet: unknown counts as stale).
 */
export function replicaLagMs(samples: readonly WalSample[], replayLsn: bigint, nowMs: number): number {
  let newest: number | undefined;
  for (const sample of samples)
    if (sample.lsn <= replayLsn && (newest === undefined || sample.atMs > newest)) newest = sample.atMs;
  return newest === undefined ? Infinity : Math.max(0, nowMs - newest);
}

/**
 * The samples worth keeping at `nowMs`: those of the last `windowMs`. An older one could only
 * prove a lag larger than the window, which is already too much.
 */
export function recentSamples(samples: readonly WalSample[], nowMs: number, windowMs: number): WalSample[] {
  return samples.filter((sample) => nowMs - sample.atMs <= windowMs);
}

/**
 * The replica's address with the request role's credentials: DATABASE_REPLICA_URL names host,
 * port, database and options only, and the reads log in as requests do on the primary (a
 * streaming replica has the primary's roles and passwords), so they run under row-level
 * security as the request role, never as the owner.
 */
export function replicaUrlWithCredentials(replicaUrl: string, requestUrl: string): string {
  const replica = new URL(replicaUrl);
  const request = new URL(requestUrl);
  replica.username = request.username;
  replica.password = request.password;
  // node-postgres reads `user` and `password` in the query before the URL's own: left in, they
  // would log the reads in as whoever they name (the owner, who owns the tables).
  replica.searchParams.delete('user');
  replica.searchParams.delete('password');
  return replica.toString();
}

/** Errors of the replica, not of the work: the work is run again on the primary. */
export function isReplicaFailure(error: unknown): boolean {
  return isConnectionFailure(error) || isRecoveryConflict(error);
}

/** Every read on the primary: no DATABASE_REPLICA_URL. */
export function primaryOnly(primary: Db): ReadRouting {
  const state: ReadRoutingState = {
    isConfigured: false,
    target: 'primary',
    lagMs: null,
    reason: 'no replica configured',
  };
  return {
    reads: () => primary,
    run: (work) => work(primary),
    state: () => state,
    check: async () => state,
    close: async () => undefined,
  };
}

export type ReadRoutingOptions = {
  primary: Db;
  /** The replica's URL with the credentials to log in with (replicaUrlWithCredentials). */
  replicaUrl: string;
  log: Log;
  /** Older than this, the replica is not read. */
  maxLagMs?: number;
  checkEveryMs?: number;
  /** A check that takes longer counts as the replica being down. */
  checkTimeoutMs?: number;
  /** Connections of the replica's pool (20, as the primary's request pool). */
  poolSize?: number;
};

/** Reads on the replica while it is fresh; starts on the primary until the first check passes. */
export function createReadRouting(options: ReadRoutingOptions): ReadRouting {
  const { primary, log } = options;
  const maxLagMs = options.maxLagMs ?? 30_000;
  const checkEveryMs = options.checkEveryMs ?? 5_000;
  const checkTimeoutMs = options.checkTimeoutMs ?? 1_000;
  const pool = new pg.Pool({
    connectionString: options.replicaUrl,
    max: options.poolSize ?? 20,
    idleTimeoutMillis: 30_000,
    // A replica that does not answer must not hold a request long: its read goes to the primary
    // (a refused connection fails at once; this is for one that never answers). Not the check's
    // 1 s: a burst of slow reports waiting for a connection is no reason to leave the replica.
    connectionTimeoutMillis: Math.max(5_000, checkTimeoutMs),
    keepAlive: true,
    application_name: 'retail-backoffice-reads',
  });
  // An idle client that loses its connection (the replica restarting) must not end the process.
  pool.on('error', () => undefined);
  const replica: Db = drizzle({ client: pool });

  // The checks have a connection of their own on each side: queued behind busy reads in the
  // pools, a check would time out and call a replica that is merely busy down.
  const replicaCheck = checkConnection(options.replicaUrl, checkTimeoutMs);
  const primaryUrl = primary.$client.options.connectionString;
  const primaryCheck = primaryUrl ? checkConnection(primaryUrl, checkTimeoutMs) : undefined;

  let state: ReadRoutingState = {
    isConfigured: true,
    target: 'primary',
    lagMs: null,
    reason: 'not checked yet',
  };
  let samples: WalSample[] = [];
  let hasReported = false;

  /** Moves the reads; each move is logged once, not each check that confirms it. */
  const moveTo = (target: ReadTarget, lagMs: number | null, reason: string | null) => {
    const isMove = target !== state.target;
    state = { isConfigured: true, target, lagMs, reason };
    if (isMove && target === 'replica')
      log.info(`analytics and report reads go to the replica (lag ${seconds(lagMs)})`);
    // The first check that keeps the reads on the primary says why once, as a move would.
    if ((isMove || !hasReported) && target === 'primary')
      log.warn(`analytics and report reads go to the primary: the replica ${reason ?? ''}`);
    hasReported = true;
  };

  const checkOnce = async (): Promise<ReadRoutingState> => {
    let sample: WalSample;
    try {
      const sql = 'select pg_current_wal_lsn()::text as lsn';
      const { rows } = primaryCheck
        ? await primaryCheck.query<{ lsn: string }>(sql)
        : await withTimeout(primary.$client.query<{ lsn: string }>(sql), checkTimeoutMs);
      sample = { lsn: parseLsn(rows[0]?.lsn ?? ''), atMs: Date.now() };
    } catch {
      // The primary's own trouble is not the replica's: /api/ready reports it. Nothing learnt.
      return state;
    }
    samples = [...recentSamples(samples, sample.atMs, maxLagMs + 2 * checkEveryMs), sample];
    try {
      const { rows } = await replicaCheck.query<{ isStandby: boolean; replayed: string | null }>(
        'select pg_is_in_recovery() as "isStandby", pg_last_wal_replay_lsn()::text as replayed',
      );
      const row = rows[0];
      if (!row?.isStandby || row.replayed === null) {
        moveTo('primary', null, 'is not a standby in recovery (promoted, or not a replica)');
      } else {
        const lagMs = replicaLagMs(samples, parseLsn(row.replayed), Date.now());
        const oldest = samples[0]?.atMs ?? sample.atMs;
        if (lagMs <= maxLagMs) moveTo('replica', lagMs, null);
        else if (lagMs === Infinity && sample.atMs - oldest < maxLagMs && state.target === 'primary')
          // Just started, under writes: no sample is replayed yet, but none is old enough to prove
          // a lag past the limit either. The reads stay on the primary, with nothing to warn about.
          state = { ...state, lagMs: null, reason: 'has not replayed the first samples yet' };
        else
          moveTo(
            'primary',
            Number.isFinite(lagMs) ? lagMs : null,
            `lags ${Number.isFinite(lagMs) ? seconds(lagMs) : 'an unknown time'} (at most ${seconds(maxLagMs)})`,
          );
      }
    } catch (error) {
      moveTo('primary', null, `does not answer (${messageOf(error)})`);
    }
    return state;
  };

  let running: Promise<ReadRoutingState> | undefined;
  const check = () => (running ??= checkOnce().finally(() => (running = undefined)));

  let timer: NodeJS.Timeout | undefined;
  let isClosed = false;
  const schedule = () => {
    if (isClosed) return;
    timer = setTimeout(() => void check().finally(schedule), checkEveryMs);
    // The checks must not keep a process alive that is otherwise done.
    timer.unref();
  };
  void check().finally(schedule);

  return {
    reads: () => (state.target === 'replica' ? replica : primary),
    run: async (work) => {
      if (state.target !== 'replica') return work(primary);
      try {
        return await work(replica);
      } catch (error) {
        if (!isReplicaFailure(error)) throw error;
        // Until a later check finds it fresh again (a conflict with recovery may pass at once).
        moveTo('primary', null, `failed a read (${messageOf(error)})`);
        return work(primary);
      }
    },
    state: () => state,
    check,
    close: async () => {
      isClosed = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
      await Promise.all([replicaCheck.close(), primaryCheck?.close()]);
      await pool.end();
    },
  };
}

/**
 * The reads' routing the config asks for: the replica (DATABASE_REPLICA_URL, logged in with the
 * request pool's credentials) or the primary alone. The checks run every 5 s, or four times per
 * allowed lag when that is shorter.
 */
export function openReadRouting(config: Config, primary: Db, log: Log): ReadRouting {
  if (!config.readReplica) return primaryOnly(primary);
  const requestUrl = primary.$client.options.connectionString;
  if (!requestUrl) throw new Error('The request pool has no URL to take the replica credentials from.');
  const { url, maxLagMs } = config.readReplica;
  return createReadRouting({
    primary,
    replicaUrl: replicaUrlWithCredentials(url, requestUrl),
    log,
    maxLagMs,
    checkEveryMs: Math.min(5_000, Math.max(250, Math.floor(maxLagMs / 4))),
  });
}

/**
 * One connection kept open for the checks, opened again after any failure (a query that timed out
 * may still run on it). Each query, connecting included, has `timeoutMs`.
 */
function checkConnection(url: string, timeoutMs: number) {
  let client: pg.Client | undefined;
  const drop = () => {
    const dropped = client;
    client = undefined;
    return dropped?.end().catch(() => undefined);
  };
  const connectAndQuery = async <R extends pg.QueryResultRow>(sql: string) => {
    if (!client) {
      const fresh = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: timeoutMs,
        application_name: 'retail-backoffice-replica-check',
      });
      // A connection lost between checks must not end the process; the next check reconnects.
      fresh.on('error', () => void (client === fresh && drop()));
      client = fresh;
      await fresh.connect();
    }
    return client.query<R>(sql);
  };
  return {
    query: async <R extends pg.QueryResultRow>(sql: string): Promise<pg.QueryResult<R>> => {
      try {
        return await withTimeout(connectAndQuery<R>(sql), timeoutMs);
      } catch (error) {
        await drop();
        throw error;
      }
    },
    close: async () => {
      await drop();
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  // The late answer or failure of a timed-out query is dropped, not left unhandled.
  promise.catch(() => undefined);
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const seconds = (ms: number | null) => (ms === null ? 'unknown' : `${(ms / 1000).toFixed(1)} s`);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
