import { describe, expect, it } from 'vitest';
import { describeWeekSoFar } from './analytics-format';

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
