import { ZLoyaltyRules, type TFieldErrors, type TLoyaltyRules } from '@app/contracts';

/**
 * The rules of a programme without the database: a template's rules with the programme's
 * overrides, and what a sale earns by them. Money is counted in integer cents, as the sale's
 * pricing counts it; points are whole numbers, rounded down.
 */

export type RulesOutcome = { rules: TLoyaltyRules } | { fieldErrors: TFieldErrors };

/**
 * The template's rules with each overridden setting replaced (settings are replaced whole: a new
 * list of tiers replaces the list), checked as a template's rules are. Errors name the override:
 * `overrides.tiers.1.threshold`.
 */
export function applyOverrides(
  rules: TLoyaltyRules,
  overrides: Readonly<Record<string, unknown>>,
): RulesOutcome {
  const parsed = ZLoyaltyRules.safeParse({ ...rules, ...overrides, type: rules.type });
  if (parsed.success) return { rules: parsed.data };
  const fieldErrors: TFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const where = ['overrides', ...issue.path.map(String)].join('.');
    (fieldErrors[where] ??= []).push(issue.message);
  }
  return { fieldErrors };
}

/** The settings of the rules that are not the type's: what may be overridden. */
export function overridableKeys(rules: TLoyaltyRules): string[] {
  return Object.keys(rules).filter((key) => key !== 'type');
}

/** The tier a member is in by the points she ever earned: the last one she reached. */
export function tierOf(rules: TLoyaltyRules, lifetimePoints: number): string | null {
  if (rules.type !== 'TIERED') return null;
  let reached = rules.tiers[0];
  for (const tier of rules.tiers) if (lifetimePoints >= tier.threshold) reached = tier;
  return reached?.name ?? null;
}

/**
 * The points a sale of `paidCents` earns a member who earned `lifetimePoints` before it:
 * POINTS per whole currency unit; TIERED the same times her tier's multiplier; VISITS one stamp
 * from the minimum spend; CASHBACK the percent of the money, a point a cent. Nothing for a sale
 * of nothing.
 */
export function pointsEarned(rules: TLoyaltyRules, paidCents: number, lifetimePoints: number): number {
  if (paidCents <= 0) return 0;
  switch (rules.type) {
    case 'POINTS':
      return Math.floor(Math.floor(paidCents / 100) * rules.pointsPerUnit + 1e-9);
    case 'TIERED': {
      const tier =
        rules.tiers.findLast((candidate) => lifetimePoints >= candidate.threshold) ?? rules.tiers[0];
      return Math.floor(Math.floor(paidCents / 100) * rules.pointsPerUnit * (tier?.multiplier ?? 1) + 1e-9);
    }
    case 'VISITS':
      return paidCents >= centsOf(rules.minimumSpend) ? 1 : 0;
    case 'CASHBACK':
      return Math.floor((paidCents * rules.percent) / 100 + 1e-9);
  }
}

/** Money "12.50" as 1250 cents. */
export function centsOf(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)));
}

/** When a lot credited `now` expires by the rules (null: it never does, or no programme runs). */
export function expiryOf(rules: TLoyaltyRules | undefined, now: Date): Date | null {
  if (!rules || rules.expiryMonths === null) return null;
  // The same day of the month, or the month's last day when it is shorter (31 January + 1: 28 February).
  const at = new Date(now.getTime());
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() + rules.expiryMonths);
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, lastDay));
  return at;
}
