import { ZLoyaltyRules, type TLoyaltyRules } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { applyOverrides, pointsEarned, tierOf } from './loyalty-rules.js';

const rules = (input: unknown): TLoyaltyRules => ZLoyaltyRules.parse(input);

const REWARDS = [{ rewardId: 'five-off', name: '5.00 off', pointsCost: 500, value: '5.00' }];
const POINTS = rules({ type: 'POINTS', pointsPerUnit: 1, rewards: REWARDS, expiryMonths: 12 });
const BRONZE = { name: 'Bronze', threshold: 0, multiplier: 1 };
const TIERED = rules({
  type: 'TIERED',
  pointsPerUnit: 2,
  tiers: [
    BRONZE,
    { name: 'Silver', threshold: 1000, multiplier: 1.25 },
    { name: 'Gold', threshold: 5000, multiplier: 1.5 },
  ],
  rewards: REWARDS,
  expiryMonths: null,
});
const VISITS = rules({
  type: 'VISITS',
  visitsForReward: 10,
  minimumSpend: '5',
  reward: { name: 'A coffee', value: '3.50' },
  expiryMonths: 6,
});
const CASHBACK = rules({ type: 'CASHBACK', percent: 2.5, expiryMonths: 12 });

describe('loyalty rules', () => {
  it('earn points per whole currency unit paid', () => {
    expect(pointsEarned(POINTS, 1299, 0)).toBe(12);
    expect(pointsEarned(POINTS, 99, 0)).toBe(0);
    expect(pointsEarned(rules({ ...POINTS, pointsPerUnit: 0.5 }), 1500, 0)).toBe(7);
    expect(pointsEarned(POINTS, 0, 0)).toBe(0);
    expect(pointsEarned(POINTS, -500, 0)).toBe(0);
  });

  it('multiply by the tier the member had reached before the sale', () => {
    expect(pointsEarned(TIERED, 10000, 0)).toBe(200);
    expect(pointsEarned(TIERED, 10000, 999)).toBe(200);
    expect(pointsEarned(TIERED, 10000, 1000)).toBe(250);
    expect(pointsEarned(TIERED, 10000, 7000)).toBe(300);
    expect(tierOf(TIERED, 0)).toBe('Bronze');
    expect(tierOf(TIERED, 1000)).toBe('Silver');
    expect(tierOf(TIERED, 4999)).toBe('Silver');
    expect(tierOf(TIERED, 5000)).toBe('Gold');
    expect(tierOf(POINTS, 5000)).toBeNull();
  });

  it('stamp a visit from the minimum spend', () => {
    expect(pointsEarned(VISITS, 499, 0)).toBe(0);
    expect(pointsEarned(VISITS, 500, 0)).toBe(1);
    expect(pointsEarned(VISITS, 90000, 0)).toBe(1);
  });

  it('give back the percent as points of a cent, rounded down', () => {
    expect(pointsEarned(CASHBACK, 10000, 0)).toBe(250);
    expect(pointsEarned(CASHBACK, 39, 0)).toBe(0);
    expect(pointsEarned(CASHBACK, 40, 0)).toBe(1);
  });

  it('apply overrides setting by setting, and check what they make', () => {
    const tiers = [BRONZE, { name: 'Silver', threshold: 600, multiplier: 1.25 }];
    expect(applyOverrides(TIERED, { tiers })).toEqual({ rules: { ...TIERED, tiers } });
    expect(applyOverrides(CASHBACK, { percent: 90 })).toEqual({
      fieldErrors: { 'overrides.percent': ['The cashback percent must be a number from 0.1 to 50.'] },
    });
    // The type is the template's whatever the overrides say.
    expect(applyOverrides(CASHBACK, { type: 'POINTS' })).toEqual({ rules: CASHBACK });
  });
});
