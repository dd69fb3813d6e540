import { rewardsOfRules, type TSaleLoyalty, type TTillMember } from '@app/contracts';
import type { TenantScope } from '../../platform/db/tenancy.js';
import { AppError, fieldError } from '../../platform/http/app-error.js';
import { fromCents, toCents } from '../../platform/money.js';
import { expiryOf, pointsEarned, tierOf } from './loyalty-rules.js';
import { activeRules } from './programs/loyalty-program.service.js';
import {
  creditPoints,
  debitPoints,
  MAX_POINTS,
  settleRefund,
  spendablePointsOf,
} from './points/points.service.js';
import {
  findLoyaltyOfSales,
  findMemberByRef,
  findSalePoints,
  redeemedSince,
  settledOfRefunds,
  sumKeptBack,
} from './sale-points.repository.js';

/**
 * Points and sales (issue: loyalty, item 3), called by the sales service in the sale's own
 * transaction: a sale whose customer reference names a member (card code or e-mail in any case,
 * or phone) earns by the active programme's rules; a refund takes back the share of those points
 * that the money given back is of the sale's total.
 */

export type SaleForPoints = {
  id: string;
  customerRef: string | null;
  /** What the customer paid. */
  total: string;
  soldAt: Date;
  userId: string;
  now: Date;
};

/** Earns the sale's points; null when the reference names no member or no programme is active. */
export async function earnPointsForSale(
  scope: TenantScope,
  sale: SaleForPoints,
): Promise<TSaleLoyalty | null> {
  if (!sale.customerRef) return null;
  const member = await findMemberByRef(scope, sale.customerRef);
  if (!member) return null;
  const program = await activeRules(scope);
  if (!program) return null;
  // Past what a double holds exactly only for sales far above any points a balance can hold.
  const earned = pointsEarned(program.rules, Number(toCents(sale.total)), member.lifetimePoints);
  if (earned <= 0) return null;
  const points = await creditPoints(scope, {
    memberId: member.id,
    programId: program.programId,
    saleId: sale.id,
    points: Math.min(earned, MAX_POINTS),
    reason: 'EARN',
    expiresAt: expiryOf(program.rules, sale.soldAt),
    userId: sale.userId,
    now: sale.now,
  });
  return points > 0 ? { memberId: member.id, cardCode: member.cardCode, points, redeemed: 0 } : null;
}

export type Redemption = {
  memberId: string;
  cardCode: string;
  programId: string;
  /** Points spent, and the money they take off the sale, in cents. */
  points: number;
  valueCents: bigint;
  what: string;
};

/**
 * What a redemption at the till spends and takes off a sale of `totalCents`, read before the sale
 * is written (nothing is spent here): a reward of the programme (its points; its value, at most
 * the total), or cashback points (a point a cent, at most the total's cents). Refused as the 4xx
 * of the till's field: no member named (400), no programme running (409), an unknown reward
 * (400), fewer points than it costs (409).
 */
export async function priceRedemption(
  scope: TenantScope,
  input: {
    customerRef: string | null;
    redeem: { rewardId?: string; points?: number };
    totalCents: bigint;
    now: Date;
  },
): Promise<Redemption> {
  const member = input.customerRef ? await findMemberByRef(scope, input.customerRef) : undefined;
  if (!member)
    throw fieldError(
      'customerRef',
      'To redeem points, give the member’s card code, e-mail or phone as the customer reference.',
    );
  const program = await activeRules(scope);
  if (!program)
    throw new AppError('CONFLICT', 'No loyalty programme is running: there is nothing to redeem.');
  const { rules } = program;
  let points: number;
  let valueCents: bigint;
  let what: string;
  if (input.redeem.rewardId !== undefined) {
    const reward = rewardsOfRules(rules).find((each) => each.rewardId === input.redeem.rewardId);
    if (!reward)
      throw fieldError(
        'redeem.rewardId',
        rules.type === 'CASHBACK'
          ? 'A cashback programme has no rewards: spend points instead.'
          : `The programme has no reward "${input.redeem.rewardId}".`,
      );
    points = reward.pointsCost;
    valueCents = minBig(toCents(reward.value), input.totalCents);
    what = reward.name;
  } else {
    if (rules.type !== 'CASHBACK')
      throw fieldError(
        'redeem.points',
        'Only a cashback programme spends points as money: redeem a reward instead.',
      );
    valueCents = minBig(BigInt(input.redeem.points ?? 0), input.totalCents);
    points = Number(valueCents);
    what = 'Cashback';
  }
  const spendable = await spendablePointsOf(scope, member.id, input.now);
  if (points > spendable)
    throw new AppError(
      'CONFLICT',
      `${member.cardCode} has ${spendable} points to spend; this needs ${points}.`,
      {
        field: 'redeem',
        spendable,
      },
    );
  return {
    memberId: member.id,
    cardCode: member.cardCode,
    programId: program.programId,
    points,
    valueCents,
    what,
  };
}

/** Spends a priced redemption for the sale just written (a REDEEM entry with the money it took). */
export async function spendRedemption(
  scope: TenantScope,
  redemption: Redemption,
  sale: { id: string; userId: string; now: Date },
): Promise<void> {
  if (redemption.points <= 0) return;
  await debitPoints(scope, {
    memberId: redemption.memberId,
    programId: redemption.programId,
    saleId: sale.id,
    points: redemption.points,
    reason: 'REDEEM',
    note: redemption.what,
    value: fromCents(redemption.valueCents),
    userId: sale.userId,
    now: sale.now,
  });
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b);

/** What a refund does to the points its sale earned, read before the refund is written. */
export type RefundPoints = {
  memberId: string;
  cardCode: string;
  programId: string | null;
  /** Points to take from the member's lots. */
  take: number;
  /** Points due that she has spent already: settled by keeping back their worth from the money. */
  settle: number;
  /** What `points` points she redeemed took off their sales, `cents`. */
  worth: { cents: bigint; points: bigint } | null;
};

/**
 * The points a refund must settle: those the sale earned less what the lines still sold keep (in
 * proportion, rounded down: a stamp goes with the refund that leaves a visit under its minimum),
 * less what earlier refunds settled. What the member can spend is taken; the rest she has spent,
 * and its worth is kept back from the money (keptBackCents), so buying, spending the points and
 * returning the purchase gains nothing. Null when the sale earned nothing or nothing is due.
 */
export async function pointsOfRefund(
  scope: TenantScope,
  refund: {
    saleId: string;
    /** The sale's lines' money and the money of every refund's lines so far, this one included. */
    saleLinesCents: bigint;
    refundedLinesCents: bigint;
    earlierRefundIds: readonly string[];
    now: Date;
  },
): Promise<RefundPoints | null> {
  const earned = await findSalePoints(scope, refund.saleId);
  if (!earned || earned.points <= 0 || refund.saleLinesCents <= 0n) return null;
  const still = refund.saleLinesCents - minBig(refund.refundedLinesCents, refund.saleLinesCents);
  const kept = Number((BigInt(earned.points) * still) / refund.saleLinesCents);
  const due = earned.points - kept - (await settledOfRefunds(scope, refund.earlierRefundIds));
  if (due <= 0) return null;
  const take = Math.min(due, await spendablePointsOf(scope, earned.memberId, refund.now));
  // Only points redeemed since the sale count as spent (expired ones cost the shop nothing), at
  // what those redemptions took off their sales.
  const redeemed = await redeemedSince(scope, earned.memberId, earned.at);
  const settle = Math.min(due - take, redeemed.unsettled);
  return {
    memberId: earned.memberId,
    cardCode: earned.cardCode,
    programId: earned.programId,
    take,
    settle,
    worth: redeemed.points > 0 ? { cents: toCents(redeemed.value), points: BigInt(redeemed.points) } : null,
  };
}

/** The money a refund keeps back for the points it settles (rounded up to the cent). */
export function keptBackCents(points: RefundPoints | null): bigint {
  if (!points || points.settle <= 0 || !points.worth) return 0n;
  const { cents, points: per } = points.worth;
  return (BigInt(points.settle) * cents + per - 1n) / per;
}

/**
 * Writes a refund's points once the refund is written: the points taken, and those settled by
 * `keptBack` (when less money was left to keep back than they are worth, only what it covers).
 */
export async function settleRefundPoints(
  scope: TenantScope,
  points: RefundPoints,
  refund: { id: string; keptBack: bigint; userId: string; now: Date },
): Promise<TSaleLoyalty | null> {
  const full = keptBackCents(points);
  const settled =
    points.worth && refund.keptBack < full
      ? Number((refund.keptBack * points.worth.points) / points.worth.cents)
      : points.settle;
  if (points.take <= 0 && settled <= 0) return null;
  await settleRefund(scope, {
    memberId: points.memberId,
    programId: points.programId,
    saleId: refund.id,
    take: points.take,
    settled,
    keptBack: refund.keptBack > 0n ? fromCents(refund.keptBack) : null,
    userId: refund.userId,
    now: refund.now,
  });
  return { memberId: points.memberId, cardCode: points.cardCode, points: -points.take, redeemed: 0 };
}

/** The money earlier refunds of a sale kept back for points spent already. */
export async function keptBackOfRefunds(scope: TenantScope, refundIds: readonly string[]): Promise<bigint> {
  return toCents(await sumKeptBack(scope, refundIds));
}

/** The points each of these sales or refunds earned or took back, for the sales' answers. */
export async function loyaltyOfSales(
  scope: TenantScope,
  saleIds: readonly string[],
): Promise<Map<string, TSaleLoyalty>> {
  if (saleIds.length === 0) return new Map();
  return findLoyaltyOfSales(scope, saleIds);
}

/**
 * For the till (`sales:record`, so store assistants too): the member a customer reference names,
 * with only what a checkout shows: her spendable points, her tier and the rewards she can redeem.
 */
export async function memberForTill(scope: TenantScope, ref: string, now: Date): Promise<TTillMember> {
  const member = await findMemberByRef(scope, ref);
  if (!member) throw new AppError('NOT_FOUND', 'No loyalty member has this card code, e-mail or phone.');
  const program = await activeRules(scope);
  const points = await spendablePointsOf(scope, member.id, now);
  return {
    memberId: member.id,
    cardCode: member.cardCode,
    name: member.name,
    points,
    tier: program ? tierOf(program.rules, member.lifetimePoints) : null,
    programType: program?.rules.type ?? null,
    rewards: program
      ? rewardsOfRules(program.rules).map((reward) => ({
          ...reward,
          affordable: reward.pointsCost <= points,
        }))
      : [],
  };
}
