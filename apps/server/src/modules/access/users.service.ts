import { randomUUID } from 'node:crypto';
import {
  WEB_ROUTES,
  isPermitted,
  type TBusinessUser,
  type TCreateUserRequest,
  type TMessageResponse,
  type TUser,
} from '@app/contracts';
import type { Principal } from '../../platform/auth/guard.js';
import { inGlobal, inTenant, type TenantScope } from '../../platform/db/tenancy.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { assertSessionHoldsIn } from '../../platform/db/session-check.js';
import { AppError, notFound } from '../../platform/http/app-error.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import { assertWithinLimit, getPlan } from '../plans/plans.service.js';
import type { AccessDeps } from './access.deps.js';
import { inviteExistingAccountMail, inviteStaffMail } from './access.mails.js';
import { assertPasswordNotCommon } from './auth.service.js';
import { roleListText } from './member-rules.js';
import { lockBusiness, findBusiness } from './businesses.repository.js';
import { hashLinkToken, isOverLinkMailLimit, issueLinkToken } from './one-time-links.js';
import { answerMemberOf, requireLockedMember } from './members.js';
import {
  consumeOneTimeToken,
  findUsableOneTimeToken,
  revokeOneTimeTokens,
} from './one-time-tokens.repository.js';
import { hashPassword } from './passwords.js';
import { statusOf, toBusinessUser, toUser } from './user-mapper.js';
import {
  countStaff,
  findAccountByEmail,
  findUserById,
  insertUser,
  markEmailVerified,
  setPassword,
  type NewUserRow,
  type UserRow,
} from './users.repository.js';

const EMAIL_TAKEN = 'An account with this e-mail address already exists.';

/**
 * Creates a staff member of the caller's business and mails the invitation. The business row is
 * locked first so that two creations at once cannot both pass the plan's staff limit.
 */
export async function createStaffUser(
  deps: AccessDeps,
  principal: Principal,
  input: TCreateUserRequest,
): Promise<TUser> {
  try {
    return await inTenant(deps.db, principal, async (scope) => {
      const { businessId } = scope;
      const business = await lockBusiness(scope);
      if (!business) throw notFound('The business');
      // A manager disabled or demoted while this waited for the lock invites nobody.
      await assertSessionHoldsIn(scope.tx, principal);
      const plan = await getPlan(scope.tx, business.planId);
      assertWithinLimit(plan, 'staffUsers', await countStaff(scope.tx, businessId), 'staff users');
      const holder = await findAccountByEmail(scope.tx, input.email);
      if (holder && (holder.businessId === businessId || holder.deletedAt)) {
        // The business's own staff (and its deleted ones) are the caller's to know.
        throw new AppError('CONFLICT', EMAIL_TAKEN, { fieldErrors: { email: [EMAIL_TAKEN] } });
      }
      const row = {
        id: randomUUID(),
        email: input.email,
        fullName: input.fullName,
        phoneNumber: input.phoneNumber ?? null,
        roles: [...new Set(input.roles)],
        businessId,
        locationId: input.locationId ?? null,
      };
      if (holder) {
        // An account of another business, or an owner who signed up alone: a 409 would tell any
        // owner (anyone can become one) whether an address is a customer of ours. The answer is
        // the same as for a new address, nothing is created, and the holder hears of it.
        await deps.mail.queue(
          scope.tx,
          inviteExistingAccountMail(holder.email, holder.fullName, business.businessName),
        );
        return toUser(unsavedUser(row), {
          businessName: business.businessName,
          description: business.description,
        });
      }
      const user = await insertUser(scope.tx, row);
      await recordAuditEvent(scope, {
        userId: principal.userId,
        eventType: 'USER_CREATION',
        description: `Created user ${user.email} with the roles ${roleListText(user.roles)}.`,
      });
      const token = await issueLinkToken(scope.tx, user.id, 'VALIDATE_ACCOUNT');
      // Queued in this transaction: the user, the audit event, the link and its mail together.
      await deps.mail.queue(
        scope.tx,
        inviteStaffMail(
          user.email,
          user.fullName,
          business.businessName,
          `${deps.appUrl}${WEB_ROUTES.validateAccount}?token=${token}`,
        ),
      );
      return toUser(user, { businessName: business.businessName, description: business.description });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', EMAIL_TAKEN, { fieldErrors: { email: [EMAIL_TAKEN] } });
    throw error;
  }
}

const INVITATION_INVALID =
  'This invitation link is not valid: it was already used or it has expired. Ask your administrator for a new one.';

/**
 * An invited staff member sets the first password; the address is proven by the link. The token
 * is checked before the password is hashed (a bogus token costs a read, not 20 ms of CPU) and
 * consumed after, in one statement.
 */
export async function validateAccount(deps: AccessDeps, token: string, newPassword: string): Promise<string> {
  assertPasswordNotCommon(newPassword, 'newPassword');
  const tokenHash = hashLinkToken(token);
  const isUsable = await inGlobal(deps.db, (tx) => findUsableOneTimeToken(tx, tokenHash, 'VALIDATE_ACCOUNT'));
  if (!isUsable) throw new AppError('INVALID_TOKEN', INVITATION_INVALID);
  const passwordHash = await hashPassword(newPassword);
  return inGlobal(deps.db, async (tx) => {
    const userId = await consumeOneTimeToken(tx, tokenHash, 'VALIDATE_ACCOUNT');
    if (!userId) throw new AppError('INVALID_TOKEN', INVITATION_INVALID);
    await setPassword(tx, userId, passwordHash);
    await markEmailVerified(tx, userId);
    return 'Your account is validated. You can sign in now.';
  });
}

/**
 * A user reads itself; an owner or admin reads the users of the same business. Anyone else gets
 * 404, so that ids of other businesses cannot be probed.
 */
export async function getUser(deps: AccessDeps, principal: Principal, id: string): Promise<TBusinessUser> {
  const isSelf = principal.userId === id;
  const { businessId } = principal;
  if (!businessId) {
    if (!isSelf) throw notFound('The user');
    const self = await inGlobal(deps.db, (tx) => findUserById(tx, id), principal);
    if (!self) throw notFound('The user');
    return toBusinessUser(self, null);
  }
  return inTenant(deps.db, principal, async (scope) => {
    const user = await findUserById(scope.tx, id);
    const mayRead = isSelf || isPermitted(principal.roles, 'users:read');
    if (!user || user.businessId !== businessId || !mayRead) throw notFound('The user');
    return answerMemberOf(scope, user);
  });
}

/**
 * A new invitation link for a member who has not accepted yet; the older links stop working.
 * At most one a minute and five an hour per member, as for every link mail.
 */
export async function resendInvitation(
  deps: AccessDeps,
  principal: Principal,
  id: string,
): Promise<TMessageResponse> {
  return inTenant(deps.db, principal, async (scope) => {
    const member = await requireLockedMember(scope, id);
    if (statusOf(member) !== 'INVITED') {
      throw new AppError(
        'CONFLICT',
        member.disabledAt
          ? `The account of ${member.fullName} is disabled. Enable it before sending a new invitation.`
          : `${member.fullName} has already accepted the invitation.`,
      );
    }
    if (await isOverLinkMailLimit(scope.tx, id, 'VALIDATE_ACCOUNT', deps.clock.now())) {
      throw new AppError(
        'RATE_LIMITED',
        `An invitation was sent to ${member.email} a moment ago. Wait a few minutes before sending another.`,
      );
    }
    const business = await findBusiness(scope);
    await revokeOneTimeTokens(scope.tx, id, 'VALIDATE_ACCOUNT');
    const token = await issueLinkToken(scope.tx, id, 'VALIDATE_ACCOUNT');
    await deps.mail.queue(
      scope.tx,
      inviteStaffMail(
        member.email,
        member.fullName,
        business?.businessName ?? 'your business',
        `${deps.appUrl}${WEB_ROUTES.validateAccount}?token=${token}`,
      ),
    );
    return { message: `We sent a new invitation to ${member.email}.` };
  });
}

/** The user a creation would have answered, for an address that is not ours to create. */
function unsavedUser(row: NewUserRow & { roles: UserRow['roles'] }): UserRow {
  const now = new Date();
  return {
    username: null,
    phoneNumber: null,
    picture: null,
    passwordHash: null,
    businessId: null,
    locationId: null,
    country: null,
    zipCode: null,
    city: null,
    state: null,
    street: null,
    description: null,
    pendingEmail: null,
    emailVerifiedAt: null,
    disabledAt: null,
    deletedAt: null,
    tokenVersion: 0,
    createdAt: now,
    updatedAt: now,
    ...row,
  };
}

/** For alerts: the location a member of staff works at (null: the whole business, or none set). */
export async function locationOfUser(scope: TenantScope, userId: string): Promise<string | null> {
  return (await findUserById(scope.tx, userId))?.locationId ?? null;
}
