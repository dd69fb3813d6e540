import { describe, expect, it } from 'vitest';
import { dateInTimeZone, instantOfWallTime, isoInTimeZone } from './zoned-time.js';

const PARIS = 'Europe/Paris';
const wall = (year: number, month: number, day: number, hour: number, minute: number) => ({
  year,
  month,
  day,
  hour,
  minute,
});

describe('isoInTimeZone', () => {
  it('writes UTC with a +00:00 offset', () => {
    expect(isoInTimeZone(new Date('2026-11-26T09:05:07.042Z'), 'UTC')).toBe('2026-11-26T09:05:07.042+00:00');
  });

  it('follows daylight saving time on both sides of the change', () => {
    // Europe/Berlin moves from +01:00 to +02:00 at 01:00 UTC on 29 March 2026.
    expect(isoInTimeZone(new Date('2026-03-29T00:59:59.999Z'), 'Europe/Berlin')).toBe(
      '2026-03-29T01:59:59.999+01:00',
    );
    expect(isoInTimeZone(new Date('2026-03-29T01:00:00.000Z'), 'Europe/Berlin')).toBe(
      '2026-03-29T03:00:00.000+02:00',
    );
  });

  it('writes negative and half-hour offsets, and the local date when it differs from UTC', () => {
    expect(isoInTimeZone(new Date('2026-01-01T03:00:00.000Z'), 'America/New_York')).toBe(
      '2025-12-31T22:00:00.000-05:00',
    );
    expect(isoInTimeZone(new Date('2026-01-01T20:00:00.000Z'), 'Asia/Kolkata')).toBe(
      '2026-01-02T01:30:00.000+05:30',
    );
  });

  it('is the same instant as the one given', () => {
    const instant = new Date('2026-07-15T23:59:59.500Z');
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Australia/Adelaide']) {
      expect(new Date(isoInTimeZone(instant, zone)).getTime()).toBe(instant.getTime());
    }
  });
});

describe('instantOfWallTime', () => {
  it('reads a wall time on the clock of its day, either side of a change', () => {
    expect(instantOfWallTime(wall(2026, 3, 29, 1, 59), PARIS).toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(instantOfWallTime(wall(2026, 3, 29, 3, 0), PARIS).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(instantOfWallTime(wall(2026, 7, 15, 12, 0), 'America/New_York').toISOString()).toBe(
      '2026-07-15T16:00:00.000Z',
    );
  });

  it('reads a skipped time on the clock of before, and a repeated one as its first occurrence', () => {
    // 02:00-02:59 do not exist in Paris on 29 March 2026; 02:00-02:59 happen twice on 25 October.
    expect(instantOfWallTime(wall(2026, 3, 29, 2, 30), PARIS).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(instantOfWallTime(wall(2026, 10, 25, 2, 30), PARIS).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('finds the first instant of a day whose midnight the clocks skip', () => {
    // Santiago springs forward at 00:00 on 6 September 2026: the day starts at 01:00 (-03:00).
    const start = instantOfWallTime(wall(2026, 9, 6, 0, 0), 'America/Santiago');
    expect(start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(dateInTimeZone(new Date(start.getTime() - 1), 'America/Santiago')).toBe('2026-09-05');
  });
});
