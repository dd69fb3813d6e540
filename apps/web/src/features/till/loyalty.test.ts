import { describe, expect, it } from 'vitest';
import { describePoints, redemptionOf } from './loyalty';
import { CASHBACK_MEMBER, MEMBER } from './till.fixtures';

describe('redemptionOf', () => {
  it('takes a reward off the total, never more than the total', () => {
    expect(redemptionOf(MEMBER, { type: 'reward', rewardId: 'coffee' }, 710)).toEqual({
      request: { rewardId: 'coffee' },
      discountCents: 250,
      label: 'Free coffee',
      pointsError: null,
    });
    expect(redemptionOf(MEMBER, { type: 'reward', rewardId: 'coffee' }, 180).discountCents).toBe(180);
    expect(redemptionOf(MEMBER, { type: 'reward', rewardId: 'gone' }, 710).request).toBeUndefined();
  });

  it('spends cashback points a point a cent, up to her points and the basket', () => {
    expect(redemptionOf(CASHBACK_MEMBER, { type: 'points', text: ' 150 ' }, 710).request).toEqual({
      points: 150,
    });
    expect(redemptionOf(CASHBACK_MEMBER, { type: 'points', text: '251' }, 710).pointsError).toBe(
      'From 1 to 250 points.',
    );
    expect(redemptionOf(CASHBACK_MEMBER, { type: 'points', text: '1.5' }, 710).request).toBeUndefined();
    expect(redemptionOf(CASHBACK_MEMBER, { type: 'points', text: '1' }, 0).pointsError).toBe(
      'Nothing to spend on this basket.',
    );
    expect(redemptionOf(CASHBACK_MEMBER, { type: 'points', text: '' }, 710).pointsError).toBeNull();
  });
});

describe('describePoints', () => {
  it('names what a sale earned and redeemed, and what a refund took back', () => {
    const of = (points: number, redeemed: number) => ({
      memberId: MEMBER.memberId,
      cardCode: 'C',
      points,
      redeemed,
    });
    expect(describePoints(of(-467, 500))).toBe('Points: +33 earned, −500 redeemed');
    expect(describePoints(of(12, 0))).toBe('Points: +12 earned');
    expect(describePoints(of(-12, 0))).toBe('Points: −12 taken back');
  });
});
