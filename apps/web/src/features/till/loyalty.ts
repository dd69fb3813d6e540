import type { TCreateSaleRequest, TSaleLoyalty, TTillMember } from '@app/contracts';
import { toCents } from './format';

/**
 * What the cashier chose to redeem: nothing, one of the programme's rewards, or (cashback) points
 * spent as money, as typed. It belongs to the member it was chosen for: another member starts
 * with nothing chosen.
 */
export type RedeemChoice =
  { type: 'none' } | { type: 'reward'; rewardId: string } | { type: 'points'; text: string };

export const NO_REDEEM: RedeemChoice = { type: 'none' };

export type TillReward = TTillMember['rewards'][number];

/** Cashback spends points as money, a point a cent, at most what she has and what the basket costs. */
export function maxCashbackPoints(member: TTillMember, totalCents: number): number {
  return Math.max(0, Math.min(member.points, totalCents));
}

/** The typed cashback points, or null when they are not a whole number from 1 to the most she can spend. */
export function parsePoints(text: string, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const points = Number(text.trim());
  return points >= 1 && points <= max ? points : null;
}

export type Redemption = {
  /** What the request carries, or undefined when nothing is redeemed (or the choice is not valid). */
  request: TCreateSaleRequest['redeem'];
  /** What the till expects it to take off, in cents (never more than the total): the server decides. */
  discountCents: number;
  /** "5.00 off" reward's name, or "Cashback"; null when nothing is redeemed. */
  label: string | null;
  /** The points field's complaint ("From 1 to 250 points."), when the typed points cannot be spent. */
  pointsError: string | null;
};

const NOTHING: Redemption = { request: undefined, discountCents: 0, label: null, pointsError: null };

/** The redemption a choice makes for this member and this basket. */
export function redemptionOf(
  member: TTillMember | null,
  choice: RedeemChoice,
  totalCents: number,
): Redemption {
  if (!member || choice.type === 'none') return NOTHING;
  if (choice.type === 'reward') {
    const reward = member.rewards.find((each) => each.rewardId === choice.rewardId);
    if (!reward) return NOTHING;
    return {
      request: { rewardId: reward.rewardId },
      discountCents: Math.max(0, Math.min(toCents(reward.value), totalCents)),
      label: reward.name,
      pointsError: null,
    };
  }
  if (choice.text.trim() === '') return NOTHING;
  const max = maxCashbackPoints(member, totalCents);
  const points = parsePoints(choice.text, max);
  if (points === null)
    return {
      ...NOTHING,
      pointsError: max === 0 ? 'Nothing to spend on this basket.' : `From 1 to ${max} points.`,
    };
  return { request: { points }, discountCents: points, label: 'Cashback', pointsError: null };
}

/** "Points: +33 earned, −500 redeemed" of a sale; "Points: −12 taken back" of a refund. */
export function describePoints(loyalty: TSaleLoyalty): string {
  const earned = loyalty.points + loyalty.redeemed;
  if (earned < 0) return `Points: −${-earned} taken back`;
  const parts = [`+${earned} earned`];
  if (loyalty.redeemed > 0) parts.push(`−${loyalty.redeemed} redeemed`);
  return `Points: ${parts.join(', ')}`;
}

/** The member as the panel names her: her name, else her card code. */
export function memberName(member: TTillMember): string {
  return member.name ?? member.cardCode;
}
