import { describe, expect, it } from 'vitest';
import { daysBefore } from './home-format';

describe(daysBefore.name, () => {
  it('counts calendar days back across a month and a year', () => {
    expect(daysBefore('26-11-2026', 13)).toBe('13-11-2026');
    expect(daysBefore('05-01-2027', 13)).toBe('23-12-2026');
  });
});
