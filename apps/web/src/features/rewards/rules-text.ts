import type { LoyaltyType, TLoyaltyRules } from '@app/contracts';

/** How each type is named on cards and in the form. */
export const TYPE_LABELS: Record<LoyaltyType, string> = {
  POINTS: 'Points',
  TIERED: 'Tiered points',
  VISITS: 'Stamp card',
  CASHBACK: 'Cashback',
};

type Money = (value: string) => string;

const count = new Intl.NumberFormat();
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

/** "points kept 12 months", "points never expire". */
export function describeExpiry(expiryMonths: number | null, unit = 'points'): string {
  if (expiryMonths === null) return `${unit} never expire`;
  return `${unit} kept ${plural(expiryMonths, 'month', 'months')}`;
}

/**
 * The rules in plain words, one phrase per setting: "1 point per £1.00 spent · rewards: £5.00 off
 * for 500 points · points kept 12 months". Tiers are shown as a table beside it.
 */
export function describeRules(rules: TLoyaltyRules, money: Money): string[] {
  switch (rules.type) {
    case 'POINTS':
    case 'TIERED': {
      const rewards = rules.rewards
        .map((reward) => `${money(reward.value)} off for ${plural(reward.pointsCost, 'point', 'points')}`)
        .join(', ');
      return [
        `${plural(rules.pointsPerUnit, 'point', 'points')} per ${money('1.00')} spent`,
        ...(rules.type === 'TIERED' ? ['more in higher tiers'] : []),
        `rewards: ${rewards}`,
        describeExpiry(rules.expiryMonths),
      ];
    }
    case 'VISITS':
      return [
        `1 stamp per visit of ${money(rules.minimumSpend)} or more`,
        `reward after ${plural(rules.visitsForReward, 'stamp', 'stamps')}: ${rules.reward.name} (${money(rules.reward.value)} off)`,
        describeExpiry(rules.expiryMonths, 'stamps'),
      ];
    case 'CASHBACK':
      return [
        `${count.format(rules.percent)}% of every purchase back as credit`,
        `a point is ${money('0.01')} off`,
        describeExpiry(rules.expiryMonths),
      ];
  }
}
