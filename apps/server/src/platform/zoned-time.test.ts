import { describe, expect, it } from 'vitest';
import { isoInTimeZone } from './zoned-time.js';

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
