import type { TBusinessUser } from '@app/contracts';
import type { Principal } from '../../platform/auth/guard.js';
import { prepareImage, storeImage } from '../../platform/blobs/uploaded-image.js';
import { inTenant } from '../../platform/db/tenancy.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import type { AccessDeps } from './access.deps.js';
import { assertMayActOn, assertMayManage } from './member-rules.js';
import { answerMember, lockBusinessAndMember, removeImages, userNotFound } from './members.js';
import { saveProfile } from './user-writes.repository.js';
import { findUserById } from './users.repository.js';

/**
 * `PUT /api/users/{id}/picture`: yourself, or a member with `users:update`. The image is checked
 * by its content and re-encoded before the transaction (uploaded-image.ts), stored under the
 * business's prefix with a fresh name, and the old picture removed once the change committed; a
 * failed change removes the new one again.
 */
export async function uploadPicture(
  deps: AccessDeps,
  principal: Principal,
  id: string,
  data: Buffer,
): Promise<TBusinessUser> {
  assertMayActOn(principal, id, 'users:update');
  // A cheap look first: decoding costs CPU, not worth spending on an id that answers 404.
  const target = await inTenant(deps.db, principal, async (scope) => {
    const user = await findUserById(scope.tx, id);
    return user?.businessId === scope.businessId ? user : undefined;
  });
  if (!target) throw userNotFound();
  assertMayManage(principal, target);
  const image = await prepareImage(data, 'The picture');
  const businessId = principal.businessId ?? '';
  const name = await storeImage(deps.blobs, businessId, 'users', image);
  try {
    const { user, replaced } = await inTenant(deps.db, principal, async (scope) => {
      const { business, member } = await lockBusinessAndMember(scope, id);
      assertMayManage(principal, member);
      const row = await saveProfile(scope.tx, id, { picture: name });
      await recordAuditEvent(scope, {
        userId: principal.userId,
        eventType: 'USER_UPDATE',
        description: `Changed the picture of ${principal.userId === id ? 'their own profile' : member.fullName}.`,
      });
      return { user: answerMember(row, business), replaced: member.picture };
    });
    await removeImages(deps, [replaced]);
    return user;
  } catch (error) {
    await removeImages(deps, [name]);
    throw error;
  }
}
