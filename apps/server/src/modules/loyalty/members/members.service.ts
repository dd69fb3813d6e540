import { randomBytes, randomUUID } from 'node:crypto';
import {
  toPage,
  type TLoyaltyMember,
  type TLoyaltyMemberDetail,
  type TPage,
  type ZLoyaltyMemberListQuery,
  type ZLoyaltyMemberRequest,
  type ZLoyaltyMemberUpdate,
} from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../../platform/auth/guard.js';
import { totalShownByPage } from '../../../platform/db/list-paging.js';
import { constraintOf, isUniqueViolation } from '../../../platform/db/pg-errors.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { planOfBusiness } from '../../access/businesses.service.js';
import { assertFeature } from '../../plans/plans.service.js';
import type { LoyaltyDeps } from '../loyalty.deps.js';
import { expiryOf, tierOf } from '../loyalty-rules.js';
import { findEntries, type MemberRow } from '../points/points.repository.js';
import { creditPoints, debitPoints, MEMBER_NOT_FOUND, toEntry } from '../points/points.service.js';
import { activeRules } from '../programs/loyalty-program.service.js';
import {
  countMembers,
  findMember,
  findMembersPage,
  insertMember,
  updateMember,
  type MemberDetails,
  type MemberFilter,
} from './members.repository.js';

/**
 * The members of the business's loyalty programme: their details (card code, name, e-mail,
 * phone) and, through the points ledger, corrections of their balance. Writes need the LOYALTY
 * feature; reads do not, so a business that drops the feature still sees who holds points.
 * Tiers are not stored: they are read from the active programme's rules at each request.
 */

export type MemberInput = z.output<typeof ZLoyaltyMemberRequest>;
export type MemberChange = z.output<typeof ZLoyaltyMemberUpdate>;
export type MemberListQuery = z.output<typeof ZLoyaltyMemberListQuery>;

const HISTORY_SIZE = 100;
/** Card codes made for members: no 0/O or 1/I, which a cashier reading a card would confuse. */
const CARD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CARD_PREFIX = 'LM-';
const CARD_LENGTH = 8;
/** 32^8 codes: a clash is rare, several in a row mean something else is wrong. */
const CARD_TRIES = 5;

export async function listMembers(
  deps: LoyaltyDeps,
  principal: Principal,
  query: MemberListQuery,
): Promise<TPage<TLoyaltyMember>> {
  const filter: MemberFilter = { search: query.search };
  return inTenant(deps.db, principal, async (scope) => {
    const rows = await findMembersPage(scope, filter, query.sort, {
      limit: query.size,
      offset: query.page * query.size,
    });
    const total = totalShownByPage(rows.length, query) ?? (await countMembers(scope, filter));
    const tierFor = await tiersOfActiveProgram(scope);
    return toPage(
      rows.map((row) => toMember(row, tierFor)),
      query,
      total,
    );
  });
}

export async function getMember(
  deps: LoyaltyDeps,
  principal: Principal,
  id: string,
): Promise<TLoyaltyMemberDetail> {
  return inTenant(deps.db, principal, (scope) => detailOf(scope, id));
}

/** A new member with no points. A card code left out is made here (`LM-` and 8 characters). */
export async function createMember(
  deps: LoyaltyDeps,
  principal: Principal,
  input: MemberInput,
): Promise<TLoyaltyMember> {
  const details = {
    name: input.name ?? null,
    email: input.email ?? null,
    phone: input.phone ?? null,
  };
  const cardCode = input.cardCode?.toUpperCase();
  return withClash({ ...details, cardCode }, () =>
    inTenant(deps.db, principal, async (scope) => {
      assertFeature(await planOfBusiness(scope, { lock: false }), 'LOYALTY');
      const row = cardCode
        ? await insertMember(scope, randomUUID(), { ...details, cardCode })
        : await insertWithNewCardCode(scope, details);
      if (!row) throw cardCodeTaken(cardCode ?? '');
      return toMember(row, await tiersOfActiveProgram(scope));
    }),
  );
}

/**
 * Replaces the member's details (a detail left out keeps its value, null clears it) and, with an
 * `adjustment`, corrects the balance by an ADJUST entry of the ledger, in one transaction: a
 * correction the member's points cannot cover (409) leaves the details unchanged as well.
 */
export async function changeMember(
  deps: LoyaltyDeps,
  principal: Principal,
  id: string,
  input: MemberChange,
): Promise<TLoyaltyMemberDetail> {
  const details: Partial<MemberDetails> = {
    name: input.name,
    email: input.email,
    phone: input.phone,
    cardCode: input.cardCode?.toUpperCase(),
  };
  return withClash(details, () =>
    inTenant(deps.db, principal, async (scope) => {
      assertFeature(await planOfBusiness(scope, { lock: false }), 'LOYALTY');
      // The update locks the member's row first, as every change of points does.
      if (!(await updateMember(scope, id, details))) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
      if (input.adjustment) await adjustPoints(deps, principal, scope, id, input.adjustment);
      return detailOf(scope, id);
    }),
  );
}

/**
 * A correction of the balance: a positive one is a lot that expires as the active programme's
 * points do (never without a programme); a negative one spends the lots that expire first and may
 * not take more than they hold. Neither counts towards a tier: tiers count points earned.
 */
async function adjustPoints(
  deps: LoyaltyDeps,
  principal: Principal,
  scope: TenantScope,
  memberId: string,
  adjustment: { delta: number; note: string },
): Promise<void> {
  const now = deps.clock.now();
  const program = await activeRules(scope);
  const change = {
    memberId,
    programId: program?.programId ?? null,
    note: adjustment.note,
    userId: principal.userId,
    now,
  };
  if (adjustment.delta > 0)
    await creditPoints(scope, {
      ...change,
      points: adjustment.delta,
      reason: 'ADJUST',
      expiresAt: expiryOf(program?.rules, now),
    });
  else await debitPoints(scope, { ...change, points: -adjustment.delta, reason: 'ADJUST' });
}

async function detailOf(scope: TenantScope, id: string): Promise<TLoyaltyMemberDetail> {
  const row = await findMember(scope, id);
  if (!row) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  const history = await findEntries(scope, id, HISTORY_SIZE);
  return { ...toMember(row, await tiersOfActiveProgram(scope)), history: history.map(toEntry) };
}

/**
 * Tries fresh card codes until one is free. The insert skips a taken code instead of failing, so
 * the transaction stays usable for the next try.
 */
async function insertWithNewCardCode(
  scope: TenantScope,
  details: Omit<MemberDetails, 'cardCode'>,
): Promise<MemberRow> {
  for (let attempt = 0; attempt < CARD_TRIES; attempt++) {
    const row = await insertMember(scope, randomUUID(), { ...details, cardCode: newCardCode() });
    if (row) return row;
  }
  throw new Error(`no free card code after ${CARD_TRIES} tries`);
}

/** `LM-` and 8 characters of CARD_ALPHABET; 32 divides 256, so each is equally likely. */
function newCardCode(): string {
  const bytes = randomBytes(CARD_LENGTH);
  let code = CARD_PREFIX;
  for (const byte of bytes) code += CARD_ALPHABET[byte % CARD_ALPHABET.length];
  return code;
}

/** The tier of a member by her lifetime points, read from the active programme once per request. */
async function tiersOfActiveProgram(scope: TenantScope): Promise<(lifetimePoints: number) => string | null> {
  const program = await activeRules(scope);
  if (!program) return () => null;
  return (lifetimePoints) => tierOf(program.rules, lifetimePoints);
}

/**
 * The unique indexes decide a clash (two saves at once cannot both pass a look-up); the violation,
 * after the rollback, becomes a 409 naming the field.
 */
async function withClash<T>(details: Partial<MemberDetails>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    switch (constraintOf(error)) {
      case 'loyalty_members_card_key':
        throw cardCodeTaken(details.cardCode ?? '');
      case 'loyalty_members_email_key':
        throw new AppError('CONFLICT', `Another member has the e-mail ${details.email ?? ''}.`, {
          field: 'email',
        });
      case 'loyalty_members_phone_key':
        throw new AppError('CONFLICT', `Another member has the phone number ${details.phone ?? ''}.`, {
          field: 'phone',
        });
      default:
        throw error;
    }
  }
}

function cardCodeTaken(cardCode: string): AppError {
  return new AppError('CONFLICT', `The card code ${cardCode} belongs to another member.`, {
    field: 'cardCode',
  });
}

function toMember(row: MemberRow, tierFor: (lifetimePoints: number) => string | null): TLoyaltyMember {
  return {
    id: row.id,
    memberId: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    cardCode: row.cardCode,
    points: row.points,
    lifetimePoints: row.lifetimePoints,
    tier: tierFor(row.lifetimePoints),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
