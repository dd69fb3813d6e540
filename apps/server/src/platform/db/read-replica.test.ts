import { describe, expect, it } from 'vitest';
import {
  isReplicaFailure,
  parseLsn,
  recentSamples,
  replicaLagMs,
  replicaUrlWithCredentials,
  type WalSample,
} from './read-replica.js';

const at = (lsn: string, atMs: number): WalSample => ({ lsn: parseLsn(lsn), atMs });

describe('parseLsn', () => {
  it('reads both halves as hex, the first as the high 32 bits', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
  });

  it('refuses what is not a WAL position', () => {
    expect(() => parseLsn('')).toThrow(/not a WAL position/);
    expect(() => parseLsn('12345')).toThrow(/not a WAL position/);
  });
});

describe('replicaLagMs', () => {
  // The primary wrote between 10 s and 20 s; it was idle before and after.
  const samples = [
    at('0/100', 0),
    at('0/100', 5_000),
    at('0/200', 10_000),
    at('0/300', 15_000),
    at('0/400', 20_000),
  ];

  it('is near 0 for a replica that has replayed the newest sample', () => {
    expect(replicaLagMs(samples, parseLsn('0/400'), 20_050)).toBe(50);
  });

  it('stays near 0 while the primary is idle: its position does not move, the newest sample is replayed', () => {
    const idle = [at('0/400', 20_000), at('0/400', 25_000), at('0/400', 30_000)];
    expect(replicaLagMs(idle, parseLsn('0/400'), 30_010)).toBe(10);
  });

  it('is the time since the newest sample replayed: a replica paused at 0/250 is 10 s behind at 20 s', () => {
    expect(replicaLagMs(samples, parseLsn('0/250'), 20_000)).toBe(10_000);
    // ...and keeps growing while it stays paused, although the primary stops writing.
    expect(replicaLagMs(samples, parseLsn('0/250'), 50_000)).toBe(40_000);
  });

  it('counts a replica past the newest sample (it replayed more since) as current to that sample', () => {
    expect(replicaLagMs(samples, parseLsn('0/500'), 21_000)).toBe(1_000);
  });

  it('is Infinity when no sample kept is replayed: unknown is stale', () => {
    expect(replicaLagMs(samples, parseLsn('0/50'), 20_000)).toBe(Infinity);
    expect(replicaLagMs([], parseLsn('0/400'), 20_000)).toBe(Infinity);
  });

  it('does not depend on the order of the samples', () => {
    expect(replicaLagMs([...samples].reverse(), parseLsn('0/250'), 20_000)).toBe(10_000);
  });
});

describe('recentSamples', () => {
  it('keeps the samples of the window, so the list stays short and an older one proves nothing more', () => {
    const samples = [at('0/1', 0), at('0/2', 10_000), at('0/3', 20_000)];
    expect(recentSamples(samples, 30_000, 20_000).map((sample) => sample.atMs)).toEqual([10_000, 20_000]);
  });
});

describe('replicaUrlWithCredentials', () => {
  it("puts the request role's user and password on the replica's host, port, database and options", () => {
    const url = replicaUrlWithCredentials(
      'postgres://replica.internal:5433/shop?sslmode=require',
      'postgres://app_request:s3cr%2Ft@primary.internal:5432/shop',
    );
    const parsed = new URL(url);
    expect(parsed.username).toBe('app_request');
    expect(decodeURIComponent(parsed.password)).toBe('s3cr/t');
    expect(parsed.host).toBe('replica.internal:5433');
    expect(parsed.pathname).toBe('/shop');
    expect(parsed.searchParams.get('sslmode')).toBe('require');
  });
});

describe('isReplicaFailure', () => {
  const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('is true for a connection that fails, ends or cannot be had, and for conflicts with recovery', () => {
    expect(isReplicaFailure(pgError('ECONNREFUSED'))).toBe(true);
    expect(isReplicaFailure(pgError('57P01', 'terminating connection due to administrator command'))).toBe(
      true,
    );
    expect(isReplicaFailure(pgError('08006'))).toBe(true);
    expect(isReplicaFailure(pgError('40001', 'canceling statement due to conflict with recovery'))).toBe(
      true,
    );
    expect(isReplicaFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isReplicaFailure(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('looks through the causes drizzle wraps a database error in', () => {
    const wrapped = new Error('Failed query: select 1', { cause: pgError('57P01') });
    expect(isReplicaFailure(wrapped)).toBe(true);
  });

  it('is false for the work’s own errors, and for a write on the standby (a bug, not to be hidden)', () => {
    expect(isReplicaFailure(pgError('NOT_FOUND', 'The store was not found.'))).toBe(false);
    expect(isReplicaFailure(pgError('23505'))).toBe(false);
    expect(isReplicaFailure(pgError('25006', 'cannot execute INSERT in a read-only transaction'))).toBe(
      false,
    );
    expect(isReplicaFailure(new Error('boom'))).toBe(false);
  });
});
