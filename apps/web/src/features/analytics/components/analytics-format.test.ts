import { describe, expect, it } from 'vitest';
import { NO_PERCENT, describeWeekSoFar, formatMarginPercent } from './analytics-format';

describe(describeWeekSoFar.name, () => {
  it('reads a week behind last week as the share reached so far, not as a fall', () => {
    expect(describeWeekSoFar('1470.00', '2940.00')).toEqual({
      percent: -50,
      text: '50 % so far',
      direction: 'flat',
    });
  });

  it('reads a week ahead of last week as a rise, and an equal one as no change', () => {
    expect(describeWeekSoFar('300.00', '200.00')).toMatchObject({ text: '+50 %', direction: 'up' });
    expect(describeWeekSoFar(16, 16)).toMatchObject({ text: 'No change', direction: 'flat' });
  });
});

describe(formatMarginPercent.name, () => {
  it("writes the server's one decimal and keeps a loss negative", () => {
    expect(formatMarginPercent(36.94)).toBe('36.9 %');
    expect(formatMarginPercent(100)).toBe('100.0 %');
    expect(formatMarginPercent(-4)).toMatch(/^-4\.0 %$/);
  });

  it('shows an en dash, not 0 %, when nothing was taken', () => {
    expect(formatMarginPercent(null)).toBe(NO_PERCENT);
    expect(NO_PERCENT).toBe('\u2013');
  });
});
