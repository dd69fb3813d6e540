import { z } from 'zod';
import { ZMoney, ZTimestamps, money, requiredText } from './catalogue/fields.js';
import { ZUuid } from './common.js';
import { ZPage, ZPageQuery } from './paging.js';

/**
 * Loyalty (001 sections 3, 4 and 7; issue: loyalty programmes): templates are designs of a
 * programme (a global catalogue seeded by a migration, plus a business's own), a business runs
 * one programme built from a template with its own overrides, and members earn and spend points.
 *
 * Points are whole numbers. What a point is worth depends on the type:
 * - POINTS: `pointsPerUnit` points for each whole currency unit paid; rewards cost points.
 * - TIERED: as POINTS, times the multiplier of the member's tier (tiers by points earned ever).
 * - VISITS: a stamp card, one point (stamp) per sale of at least `minimumSpend`; the reward costs
 *   `visitsForReward` stamps.
 * - CASHBACK: `percent` of what was paid comes back as points of one cent each; any number of
 *   them is spent as money off.
 */

export const LOYALTY_TYPES = ['POINTS', 'TIERED', 'VISITS', 'CASHBACK'] as const;
export const ZLoyaltyType = z.enum(LOYALTY_TYPES, {
  message: 'The type is POINTS, TIERED, VISITS or CASHBACK.',
});
export type LoyaltyType = z.infer<typeof ZLoyaltyType>;

/** Points kept at most this many months after they were earned (null: they never expire). */
export const LOYALTY_MAX_EXPIRY_MONTHS = 120;
export const LOYALTY_MAX_REWARDS = 30;
export const LOYALTY_MAX_TIERS = 8;

const wholeIn = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a whole number from ${min} to ${max}.` })
    .int(`${label} must be a whole number from ${min} to ${max}.`)
    .min(min, `${label} must be a whole number from ${min} to ${max}.`)
    .max(max, `${label} must be a whole number from ${min} to ${max}.`);

const numberIn = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a number from ${min} to ${max}.` })
    .min(min, `${label} must be a number from ${min} to ${max}.`)
    .max(max, `${label} must be a number from ${min} to ${max}.`);

const ZExpiryMonths = wholeIn('The expiry', 1, LOYALTY_MAX_EXPIRY_MONTHS)
  .nullable()
  .describe('Months points are kept after they were earned; null: they never expire');

const REWARD_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** Amounts in (an amount such as 12.50, read as "12.50") and out (always "12.50"). */
type Amount = (label: string) => z.ZodType<string, unknown>;

/**
 * The rules of each type, built twice: with amounts read from requests, and with amounts as
 * answers carry them (answers are encoded by the schema, which a transform cannot be).
 */
function rulesSchemas(amount: Amount) {
  const ZReward = z.object({
    rewardId: z
      .string({ message: 'A reward id is text.' })
      .regex(REWARD_ID, 'A reward id has lower-case letters, digits and dashes (at most 40).')
      .describe('Stable within the rules: what the till names to redeem it'),
    name: requiredText(80, 'A reward name', 'Name the reward.'),
    pointsCost: wholeIn('The points a reward costs', 1, 1_000_000),
    value: amount('The value of a reward').describe('Taken off the sale it is redeemed in'),
  });
  const rewards = z
    .array(ZReward, { message: 'The rewards are a list.' })
    .min(1, 'Offer at least one reward.')
    .max(LOYALTY_MAX_REWARDS, `At most ${LOYALTY_MAX_REWARDS} rewards.`)
    .refine(
      (list) => new Set(list.map((reward) => reward.rewardId)).size === list.length,
      'Each reward needs its own id.',
    );
  const points = z.object({
    type: z.literal('POINTS'),
    pointsPerUnit: ZPointsPerUnit,
    rewards,
    expiryMonths: ZExpiryMonths,
  });
  const tiered = z.object({
    type: z.literal('TIERED'),
    pointsPerUnit: ZPointsPerUnit,
    tiers: ZTiers,
    rewards,
    expiryMonths: ZExpiryMonths,
  });
  const visits = z.object({
    type: z.literal('VISITS'),
    visitsForReward: wholeIn('The visits for a reward', 2, 100),
    minimumSpend: amount('The minimum spend').describe('A sale counts as a visit from this amount'),
    reward: z.object({
      name: requiredText(80, 'A reward name', 'Name the reward.'),
      value: amount('The value of a reward'),
    }),
    expiryMonths: ZExpiryMonths,
  });
  const cashback = z.object({
    type: z.literal('CASHBACK'),
    percent: numberIn('The cashback percent', 0.1, 50),
    expiryMonths: ZExpiryMonths,
  });
  return {
    reward: ZReward,
    rules: z.discriminatedUnion('type', [points, tiered, visits, cashback], {
      message: 'The rules need a type: POINTS, TIERED, VISITS or CASHBACK.',
    }),
  };
}

const ZPointsPerUnit = numberIn('The points per currency unit', 0.01, 1000);

export const ZLoyaltyTier = z.object({
  name: requiredText(40, 'A tier name', 'Name the tier.'),
  threshold: wholeIn('A tier threshold', 0, 100_000_000).describe('Points earned ever to reach the tier'),
  multiplier: numberIn('A tier multiplier', 1, 10),
});
export type TLoyaltyTier = z.infer<typeof ZLoyaltyTier>;

const ZTiers = z
  .array(ZLoyaltyTier, { message: 'The tiers are a list.' })
  .min(2, 'A tiered programme has at least two tiers.')
  .max(LOYALTY_MAX_TIERS, `At most ${LOYALTY_MAX_TIERS} tiers.`)
  .refine((tiers) => tiers[0]?.threshold === 0, 'The first tier starts at 0 points.')
  .refine(
    (tiers) => tiers.every((tier, i) => i === 0 || tier.threshold > (tiers[i - 1]?.threshold ?? 0)),
    'Each tier needs more points than the one before.',
  )
  .refine(
    (tiers) => new Set(tiers.map((tier) => tier.name.toLowerCase())).size === tiers.length,
    'Each tier needs its own name.',
  );

const incoming = rulesSchemas(money);
const outgoing = rulesSchemas(() => ZMoney);

/** Rules as a request sends them (amounts read as "12.50"). */
export const ZLoyaltyRules = incoming.rules;
/** Rules as answers carry them. */
export const ZLoyaltyRulesOut = outgoing.rules;
export type TLoyaltyRules = z.infer<typeof ZLoyaltyRulesOut>;
export type TLoyaltyRulesInput = z.input<typeof ZLoyaltyRules>;
export const ZLoyaltyReward = outgoing.reward;
export type TLoyaltyReward = z.infer<typeof ZLoyaltyReward>;

export const ZLoyaltyTemplateRequest = z
  .object({
    name: requiredText(80, 'A template name', 'Name the template.'),
    description: z
      .string({ message: 'The description must be text.' })
      .trim()
      .max(1000, 'The description has at most 1000 characters.')
      .default(''),
    rules: ZLoyaltyRules,
  })
  .describe('The type is the rules’ own');
export type TLoyaltyTemplateRequest = z.input<typeof ZLoyaltyTemplateRequest>;

export const ZLoyaltyTemplate = z.object({
  id: ZUuid,
  templateId: ZUuid.describe('Same as id'),
  name: z.string(),
  description: z.string(),
  type: ZLoyaltyType,
  rules: ZLoyaltyRulesOut,
  active: z.boolean(),
  /** Seeded for every business: read-only. */
  builtIn: z.boolean(),
  ...ZTimestamps,
});
export type TLoyaltyTemplate = z.infer<typeof ZLoyaltyTemplate>;

export const ZTemplateStatusQuery = z.object({
  active: z
    .enum(['true', 'false'], { message: 'active is true or false.' })
    .transform((value) => value === 'true'),
});

export const ZTemplateIdParams = z.object({ templateId: ZUuid });
export const ZProgramIdParams = z.object({ programId: ZUuid });

/**
 * Overrides of the template's rules: any of its settings but the type, each replacing the
 * template's; the rules they make are checked as the template's are.
 */
export const ZLoyaltyOverrideRequest = z.object({
  overrides: z
    .record(z.string(), z.unknown(), { message: 'The overrides are an object of settings.' })
    .refine((value) => !('type' in value), 'The type of a programme is its template’s.'),
});
export type TLoyaltyOverrideRequest = z.input<typeof ZLoyaltyOverrideRequest>;

export const ZLoyaltyProgram = z.object({
  id: ZUuid,
  programId: ZUuid.describe('Same as id'),
  templateId: ZUuid,
  templateName: z.string(),
  type: ZLoyaltyType,
  /** The template's rules with the overrides applied: what sales earn by. */
  rules: ZLoyaltyRulesOut,
  overrides: z.record(z.string(), z.unknown()),
  active: z.boolean(),
  activatedAt: z.string(),
  deactivatedAt: z.string().nullable(),
});
export type TLoyaltyProgram = z.infer<typeof ZLoyaltyProgram>;

/**
 * An optional detail of a member: left out it stays undefined (a change keeps the stored value),
 * null or empty clears it.
 */
const keptOrCleared = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

/**
 * Members: shoppers known by a card code, and optionally an e-mail or phone. On a change, a
 * detail left out keeps its value; null (or empty) clears it.
 */
export const ZLoyaltyMemberRequest = z.object({
  name: z
    .string({ message: 'The name must be text.' })
    .trim()
    .max(120, 'The name has at most 120 characters.')
    .nullish()
    .transform(keptOrCleared),
  email: z
    .union([z.literal(''), z.email({ message: 'Enter a valid e-mail address.' }).max(254)])
    .nullish()
    .transform((value) => {
      const kept = keptOrCleared(value);
      return kept ? kept.toLowerCase() : kept;
    }),
  phone: z
    .string({ message: 'A phone number must be text.' })
    .trim()
    .max(32, 'A phone number has at most 32 characters.')
    .regex(/^[+0-9 ()\-.]*$/, 'A phone number has only digits, spaces, +, -, ( and ).')
    .nullish()
    .transform(keptOrCleared),
  cardCode: z
    .string({ message: 'The card code must be text.' })
    .trim()
    .regex(/^[A-Za-z0-9-]{4,32}$/, 'A card code has 4 to 32 letters, digits or dashes.')
    .optional()
    .describe('Printed on the card; one is made when left out'),
});
export type TLoyaltyMemberRequest = z.input<typeof ZLoyaltyMemberRequest>;

export const LOYALTY_ENTRY_REASONS = ['EARN', 'REDEEM', 'EXPIRE', 'REFUND', 'ADJUST'] as const;

export const ZLoyaltyEntry = z.object({
  id: ZUuid,
  delta: z.number().int().describe('Points added (earned) or taken (redeemed, expired, refunded)'),
  reason: z.enum(LOYALTY_ENTRY_REASONS),
  saleId: ZUuid.nullable(),
  note: z.string().nullable(),
  balance: z.number().int().describe('The balance after this entry'),
  expiresAt: z.string().nullable().describe('When points earned here expire'),
  createdAt: z.string(),
});
export type TLoyaltyEntry = z.infer<typeof ZLoyaltyEntry>;

export const ZLoyaltyMember = z.object({
  id: ZUuid,
  memberId: ZUuid.describe('Same as id'),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  cardCode: z.string(),
  points: z.number().int().describe('The balance that can be spent'),
  lifetimePoints: z.number().int().describe('Points earned ever (tiers are reached by these)'),
  tier: z.string().nullable().describe("The member's tier in a tiered programme"),
  ...ZTimestamps,
});
export type TLoyaltyMember = z.infer<typeof ZLoyaltyMember>;

export const ZLoyaltyMemberDetail = ZLoyaltyMember.extend({
  history: z.array(ZLoyaltyEntry).describe('The latest 100 entries, newest first'),
});
export type TLoyaltyMemberDetail = z.infer<typeof ZLoyaltyMemberDetail>;

/** `PUT /api/loyalty/members/{id}`: the details, and optionally a correction of the balance. */
export const ZLoyaltyMemberUpdate = ZLoyaltyMemberRequest.extend({
  adjustment: z
    .object({
      delta: z
        .number({ message: 'The correction is a whole number of points.' })
        .int('The correction is a whole number of points.')
        .min(-1_000_000, 'The correction is at most 1,000,000 points either way.')
        .max(1_000_000, 'The correction is at most 1,000,000 points either way.')
        .refine((delta) => delta !== 0, 'A correction adds or takes points.'),
      note: z
        .string({ message: 'Say why the balance is corrected.' })
        .trim()
        .min(1, 'Say why the balance is corrected.')
        .max(200, 'The reason has at most 200 characters.'),
    })
    .optional()
    .describe('Adds (or takes) points with a reason: an ADJUST entry of the ledger'),
});
export type TLoyaltyMemberUpdate = z.input<typeof ZLoyaltyMemberUpdate>;

export const LOYALTY_MEMBER_SORTS = ['name', 'points', 'newest'] as const;

export const ZLoyaltyMemberListQuery = ZPageQuery.extend({
  search: z
    .string({ message: 'The search must be text.' })
    .trim()
    .max(100, 'The search has at most 100 characters.')
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .describe('Part of the name, e-mail, phone or card code, whatever its case'),
  sort: z
    .enum(LOYALTY_MEMBER_SORTS, { message: 'The sort is name, points or newest.' })
    .default('name')
    .describe('name (default), points (the top members first) or newest'),
});
export type TLoyaltyMemberListQuery = z.input<typeof ZLoyaltyMemberListQuery>;

export const ZLoyaltyMemberPage = ZPage(ZLoyaltyMember);
export type TLoyaltyMemberPage = z.infer<typeof ZLoyaltyMemberPage>;

/** The id the till names the stamp card's one reward by. */
export const LOYALTY_VISIT_REWARD_ID = 'visit-reward';

/**
 * The rewards a member can redeem at the till under these rules: the catalogue of a points or
 * tiered programme, the stamp card's one reward (its visits as the points it costs); none for
 * cashback, whose points are spent as money directly (a point a cent).
 */
export function rewardsOfRules(rules: TLoyaltyRules): TLoyaltyReward[] {
  switch (rules.type) {
    case 'POINTS':
    case 'TIERED':
      return rules.rewards;
    case 'VISITS':
      return [
        {
          rewardId: LOYALTY_VISIT_REWARD_ID,
          name: rules.reward.name,
          pointsCost: rules.visitsForReward,
          value: rules.reward.value,
        },
      ];
    case 'CASHBACK':
      return [];
  }
}

/** `GET /api/sales/loyalty-member?ref=`: the member a customer reference names, as the till needs her. */
export const ZTillMemberQuery = z.object({
  ref: z
    .string({ message: 'Scan the card, or type its code, an e-mail or a phone.' })
    .trim()
    .min(1, 'Scan the card, or type its code, an e-mail or a phone.')
    .max(100, 'A customer reference has at most 100 characters.'),
});
export type TTillMemberQuery = z.input<typeof ZTillMemberQuery>;

export const ZTillMember = z.object({
  memberId: ZUuid,
  cardCode: z.string(),
  name: z.string().nullable(),
  points: z.number().int().describe('What she can spend now (lots not expired)'),
  tier: z.string().nullable(),
  /** The running programme's type, or null when none runs (nothing to earn or redeem). */
  programType: ZLoyaltyType.nullable(),
  rewards: z
    .array(ZLoyaltyReward.extend({ affordable: z.boolean() }))
    .describe('What she can redeem (cashback: none, points are spent as money)'),
});
export type TTillMember = z.infer<typeof ZTillMember>;
