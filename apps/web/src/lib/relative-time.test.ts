import { describe, expect, it } from 'vitest';
import { formatExactTime, formatRelativeTime } from './relative-time';

const NOW = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe(formatRelativeTime.name, () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(formatRelativeTime(ago(20_000), NOW)).toBe('just now');
    expect(formatRelativeTime(ago(5 * 60_000), NOW)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3_600_000 + 59 * 60_000), NOW)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(26 * 3_600_000), NOW)).toBe('yesterday');
    expect(formatRelativeTime(ago(4 * 86_400_000), NOW)).toBe('4 days ago');
  });

  it('names the day from a week back, with the year only when it is another', () => {
    expect(formatRelativeTime('2026-02-01T12:00:00Z', NOW)).not.toMatch(/2026/);
    expect(formatRelativeTime('2025-12-24T12:00:00Z', NOW)).toMatch(/2025/);
  });

  it('reads a time slightly ahead as just now, and leaves a broken one as it is', () => {
    expect(formatRelativeTime(ago(-5_000), NOW)).toBe('just now');
    expect(formatRelativeTime('soon', NOW)).toBe('soon');
  });
});

describe(formatExactTime.name, () => {
  it('gives the date and the time', () => {
    expect(formatExactTime('2026-03-10T12:00:00Z')).toMatch(/2026/);
    expect(formatExactTime('never')).toBe('never');
  });
});
