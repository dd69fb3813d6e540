import type { LoyaltyType, TLoyaltyRules, TLoyaltyRulesInput } from '@app/contracts';

/**
 * The rules as a form holds them: text per field, rows with a key for React. The field names of
 * the form are the rules' paths (`tiers.1.threshold`), so the server's field errors, which name
 * `overrides.tiers.1.threshold` or `rules.tiers.1.threshold`, land on the field once the prefix
 * is taken off.
 */
export type TierDraft = { key: string; name: string; threshold: string; multiplier: string };
export type RewardDraft = { key: string; rewardId: string; name: string; pointsCost: string; value: string };

export type RulesDraft = {
  type: LoyaltyType;
  pointsPerUnit: string;
  tiers: TierDraft[];
  rewards: RewardDraft[];
  visitsForReward: string;
  minimumSpend: string;
  rewardName: string;
  rewardValue: string;
  percent: string;
  expiryMonths: string;
  isNeverExpiring: boolean;
};

let lastKey = 0;
/** A key for a new row of the tiers or rewards. */
export const nextRowKey = () => `row-${++lastKey}`;

export const newTier = (): TierDraft => ({ key: nextRowKey(), name: '', threshold: '', multiplier: '1' });
export const newReward = (): RewardDraft => ({
  key: nextRowKey(),
  rewardId: '',
  name: '',
  pointsCost: '',
  value: '',
});

/** What a new template of the type starts from: the built-in templates' own figures. */
const STARTERS: Record<LoyaltyType, TLoyaltyRules> = {
  POINTS: {
    type: 'POINTS',
    pointsPerUnit: 1,
    rewards: [{ rewardId: 'five-off', name: '5.00 off', pointsCost: 500, value: '5.00' }],
    expiryMonths: 12,
  },
  TIERED: {
    type: 'TIERED',
    pointsPerUnit: 1,
    tiers: [
      { name: 'Bronze', threshold: 0, multiplier: 1 },
      { name: 'Silver', threshold: 1000, multiplier: 1.25 },
    ],
    rewards: [{ rewardId: 'five-off', name: '5.00 off', pointsCost: 500, value: '5.00' }],
    expiryMonths: 12,
  },
  VISITS: {
    type: 'VISITS',
    visitsForReward: 10,
    minimumSpend: '5.00',
    reward: { name: 'A free coffee', value: '3.50' },
    expiryMonths: 6,
  },
  CASHBACK: { type: 'CASHBACK', percent: 2, expiryMonths: 12 },
};

export function starterDraft(type: LoyaltyType): RulesDraft {
  return draftOf(STARTERS[type]);
}

export function draftOf(rules: TLoyaltyRules): RulesDraft {
  const draft: RulesDraft = {
    type: rules.type,
    pointsPerUnit: '1',
    tiers: [],
    rewards: [],
    visitsForReward: '',
    minimumSpend: '',
    rewardName: '',
    rewardValue: '',
    percent: '',
    expiryMonths: rules.expiryMonths === null ? '12' : String(rules.expiryMonths),
    isNeverExpiring: rules.expiryMonths === null,
  };
  switch (rules.type) {
    case 'TIERED':
    case 'POINTS':
      // A tiered programme has the points and rewards of a points one, and its tiers.
      if (rules.type === 'TIERED') {
        draft.tiers = rules.tiers.map((tier) => ({
          key: nextRowKey(),
          name: tier.name,
          threshold: String(tier.threshold),
          multiplier: String(tier.multiplier),
        }));
      }
      draft.pointsPerUnit = String(rules.pointsPerUnit);
      draft.rewards = rules.rewards.map((reward) => ({
        key: nextRowKey(),
        rewardId: reward.rewardId,
        name: reward.name,
        pointsCost: String(reward.pointsCost),
        value: reward.value,
      }));
      break;
    case 'VISITS':
      draft.visitsForReward = String(rules.visitsForReward);
      draft.minimumSpend = rules.minimumSpend;
      draft.rewardName = rules.reward.name;
      draft.rewardValue = rules.reward.value;
      break;
    case 'CASHBACK':
      draft.percent = String(rules.percent);
      break;
  }
  return draft;
}

/** Text to a number for the schema to judge: blank is missing, anything else as JS reads it. */
function toNumber(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text.trim());
}

/** The rules the draft says, unchecked: the schema (ZLoyaltyRules) checks them with its messages. */
export function rulesInputOf(draft: RulesDraft): TLoyaltyRulesInput {
  const expiryMonths = draft.isNeverExpiring ? null : (toNumber(draft.expiryMonths) as number);
  const rewards = draft.rewards.map((reward) => ({
    rewardId: reward.rewardId.trim(),
    name: reward.name,
    pointsCost: toNumber(reward.pointsCost) as number,
    value: reward.value,
  }));
  const pointsPerUnit = toNumber(draft.pointsPerUnit) as number;
  switch (draft.type) {
    case 'POINTS':
      return { type: 'POINTS', pointsPerUnit, rewards, expiryMonths };
    case 'TIERED':
      return {
        type: 'TIERED',
        pointsPerUnit,
        tiers: draft.tiers.map((tier) => ({
          name: tier.name,
          threshold: toNumber(tier.threshold) as number,
          multiplier: toNumber(tier.multiplier) as number,
        })),
        rewards,
        expiryMonths,
      };
    case 'VISITS':
      return {
        type: 'VISITS',
        visitsForReward: toNumber(draft.visitsForReward) as number,
        minimumSpend: draft.minimumSpend,
        reward: { name: draft.rewardName, value: draft.rewardValue },
        expiryMonths,
      };
    case 'CASHBACK':
      return { type: 'CASHBACK', percent: toNumber(draft.percent) as number, expiryMonths };
  }
}

/** JSON with keys in one order, so two equal settings compare equal whatever their key order. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/**
 * The overrides that make `rules` from the template's: each setting that differs, whole (the
 * server replaces settings whole: a changed tier sends the whole list of tiers).
 */
export function overridesOf(rules: TLoyaltyRules, templateRules: TLoyaltyRules): Record<string, unknown> {
  const template = templateRules as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(rules).filter(
      ([key, value]) => key !== 'type' && stableJson(value) !== stableJson(template[key]),
    ),
  );
}

/** A server's field path without the prefix of the request's shape: `overrides.`, `rules.`. */
export function withoutPrefix(prefix: string) {
  return (path: string) => (path.startsWith(`${prefix}.`) ? path.slice(prefix.length + 1) : path);
}
