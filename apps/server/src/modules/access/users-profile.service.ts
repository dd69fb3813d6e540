import { API, WEB_ROUTES, type TBusinessUser, type ZUpdateUserRequest } from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/guard.js';
import { inGlobal, inNewTenant, inTenant, type TenantScope, type Tx } from '../../platform/db/tenancy.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { AppError } from '../../platform/http/app-error.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import type { AccessDeps } from './access.deps.js';
import { assertMayActOn, assertMayManage } from './member-rules.js';
import { answerMember, lockBusinessAndMember } from './members.js';
import { hashLinkToken, isOverLinkMailLimit, issueLinkToken } from './one-time-links.js';
import {
  consumeOneTimeToken,
  findOneTimeTokenUser,
  revokeOneTimeTokens,
} from './one-time-tokens.repository.js';
import { applyPendingEmail, findUsernameHolder, saveProfile } from './user-writes.repository.js';
import { findAccountByEmail, findUserById, type UserRow } from './users.repository.js';
import { confirmEmailChangeMail, emailChangeNoticeMail, emailChangeTakenMail } from './users.mails.js';

export type UpdateUserInput = z.output<typeof ZUpdateUserRequest>;

const EMAIL_TAKEN = 'An account with this e-mail address already exists.';
const USERNAME_TAKEN = 'This username is taken. Choose another one.';
const ADDRESS_FIELDS = ['country', 'zipCode', 'city', 'state', 'street'] as const;

/**
 * `PUT /api/users/{id}`: yourself, or a member with `users:update` (an owner only by an owner).
 * Only the fields sent change. A new e-mail address is not applied: it waits in `pendingEmail`
 * for the link mailed to it, and the current address gets a notice.
 */
export async function updateUserProfile(
  deps: AccessDeps,
  principal: Principal,
  id: string,
  input: UpdateUserInput,
): Promise<TBusinessUser> {
  assertMayActOn(principal, id, 'users:update');
  try {
    return await inTenant(deps.db, principal, async (scope) => {
      const { business, member } = await lockBusinessAndMember(scope, id);
      assertMayManage(principal, member);
      const changes: Partial<UserRow> = {};
      const changed: string[] = [];
      const take = <K extends keyof UserRow>(key: K, value: UserRow[K] | undefined, label: string) => {
        if (value === undefined || value === member[key]) return;
        changes[key] = value;
        changed.push(label);
      };
      take('fullName', input.fullName, 'full name');
      take('phoneNumber', input.phoneNumber, 'phone number');
      take('description', input.description, 'description');
      for (const field of ADDRESS_FIELDS) take(field, input.address?.[field], 'address');
      if (input.username !== undefined && input.username?.toLowerCase() !== member.username?.toLowerCase()) {
        if (input.username !== null) {
          const holder = await findUsernameHolder(scope.tx, input.username);
          if (holder && holder !== id) throw usernameTaken();
        }
        take('username', input.username, 'username');
      }
      if (input.email !== undefined && input.email.toLowerCase() !== member.email.toLowerCase()) {
        await requestEmailChange(deps, scope, member, input.email);
        changes.pendingEmail = input.email;
        changed.push('e-mail address (waiting for confirmation)');
      }
      if (changed.length === 0) return answerMember(member, business);
      const row = await saveProfile(scope.tx, id, changes);
      await recordAuditEvent(scope, {
        userId: principal.userId,
        eventType: 'USER_UPDATE',
        // Field names only: the values (addresses, phone numbers) are not the log's to keep.
        description: `Updated the ${[...new Set(changed)].join(', ')} of ${principal.userId === id ? 'their own profile' : member.fullName}.`,
      });
      return answerMember(row, business);
    });
  } catch (error) {
    // Two requests racing for one username: the unique index decides.
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

/**
 * The link goes to the new address; the current one hears of it. An address of this business's
 * members (or of a deleted account) is a 409 on the field: those are the caller's to know. An
 * address of another business's account answers as a free one, as createStaffUser does: a 409
 * would tell anyone with a business whether an address is a customer of ours. That holder gets
 * a notice instead of a link, so the change never completes.
 */
async function requestEmailChange(deps: AccessDeps, scope: TenantScope, member: UserRow, email: string) {
  const holder = await findAccountByEmail(scope.tx, email);
  if (holder && holder.id !== member.id && (holder.businessId === scope.businessId || holder.deletedAt)) {
    throw new AppError('CONFLICT', EMAIL_TAKEN, { fieldErrors: { email: [EMAIL_TAKEN] } });
  }
  if (await isOverLinkMailLimit(scope.tx, member.id, 'CHANGE_EMAIL', deps.clock.now())) {
    throw new AppError(
      'RATE_LIMITED',
      'We sent a confirmation link for a new address a moment ago. Wait a few minutes before asking for another.',
    );
  }
  await revokeOneTimeTokens(scope.tx, member.id, 'CHANGE_EMAIL');
  if (holder && holder.id !== member.id) {
    await deps.mail.queue(scope.tx, emailChangeTakenMail(holder.email, holder.fullName));
  } else {
    const token = await issueLinkToken(scope.tx, member.id, 'CHANGE_EMAIL');
    const link = `${deps.appUrl}${API.users.confirmEmail}?token=${token}`;
    await deps.mail.queue(scope.tx, confirmEmailChangeMail(email, member.fullName, link));
  }
  await deps.mail.queue(scope.tx, emailChangeNoticeMail(member.email, member.fullName));
}

function usernameTaken(): AppError {
  return new AppError('CONFLICT', USERNAME_TAKEN, { fieldErrors: { username: [USERNAME_TAKEN] } });
}

export type EmailChangeOutcome = 'done' | 'expired';

/** Where the confirmation link lands: the profile, saying how it went. */
export function emailChangeRedirect(outcome: EmailChangeOutcome): string {
  return `${WEB_ROUTES.profile}?emailChange=${outcome}`;
}

/**
 * `GET /api/users/confirm-email?token=`: applies the pending address if it is still free, marks
 * it verified and uses the link up. Nothing else changes (sessions go on: the person proved the
 * new mailbox, not a new identity). A bad, used or expired link, or an address taken meanwhile,
 * is 'expired'. Runs in the user's business (the audit entry belongs there), found first from
 * the link without using it.
 */
export async function confirmEmailChange(deps: AccessDeps, token: string): Promise<EmailChangeOutcome> {
  const tokenHash = hashLinkToken(token);
  const holder = await inGlobal(deps.db, async (tx) => {
    const userId = await findOneTimeTokenUser(tx, tokenHash, 'CHANGE_EMAIL');
    return userId ? findUserById(tx, userId) : undefined;
  });
  if (!holder) return 'expired';
  const apply = async (tx: Tx, scope: TenantScope | null): Promise<EmailChangeOutcome> => {
    const userId = await consumeOneTimeToken(tx, tokenHash, 'CHANGE_EMAIL');
    if (userId !== holder.id) return 'expired';
    const user = await findUserById(tx, userId);
    if (!user?.pendingEmail) return 'expired';
    const taken = await findAccountByEmail(tx, user.pendingEmail);
    if (taken && taken.id !== user.id) {
      await saveProfile(tx, user.id, { pendingEmail: null });
      return 'expired';
    }
    if (!(await applyPendingEmail(tx, user.id))) return 'expired';
    if (scope) {
      await recordAuditEvent(scope, {
        userId: user.id,
        eventType: 'USER_UPDATE',
        description: 'Confirmed a new e-mail address for their account.',
      });
    }
    return 'done';
  };
  try {
    if (!holder.businessId) return await inGlobal(deps.db, (tx) => apply(tx, null));
    const businessId = holder.businessId;
    return await inNewTenant(deps.db, linkHolder(holder.id, businessId), businessId, (scope) =>
      apply(scope.tx, scope),
    );
  } catch (error) {
    // The address was taken between the check and the write: the link stays unused.
    if (isUniqueViolation(error)) return 'expired';
    throw error;
  }
}

/** The holder of a proven link acts as its user in that user's business, with no roles. */
function linkHolder(userId: string, businessId: string): Principal {
  return { userId, businessId, roles: [], tokenVersion: 0, tokenId: userId, expiresAt: new Date(0) };
}
