import type { Role, TBusinessUser } from '@app/contracts';
import type { ReactNode } from 'react';
import { roleLabel } from '../role-labels';

/** An action on a member that asks first. */
export type PendingAction =
  | { kind: 'disable' | 'enable' | 'delete'; user: TBusinessUser }
  | { kind: 'removeRole'; user: TBusinessUser; role: Role };

type ConfirmText = { title: string; message: ReactNode; confirmLabel: string; isDestructive: boolean };

/** The confirmation's title and text for each action. */
export function describePendingAction(action: PendingAction): ConfirmText {
  const name = <strong>{action.user.fullName}</strong>;
  switch (action.kind) {
    case 'disable':
      return {
        title: 'Disable user',
        message: (
          <>Disable {name}? They are signed out at once and cannot sign in until you enable them again.</>
        ),
        confirmLabel: 'Disable',
        isDestructive: true,
      };
    case 'enable':
      return {
        title: 'Enable user',
        message: <>Enable {name}? They can sign in again with the roles they have.</>,
        confirmLabel: 'Enable',
        isDestructive: false,
      };
    case 'delete':
      return {
        title: 'Delete user',
        message: <>Delete {name}? They lose access at once. What they did stays in the logs.</>,
        confirmLabel: 'Delete',
        isDestructive: true,
      };
    case 'removeRole':
      return {
        title: 'Remove role',
        message: (
          <>
            Remove the role <strong>{roleLabel(action.role)}</strong> from {name}? They are signed out to pick
            up the change.
          </>
        ),
        confirmLabel: 'Remove',
        isDestructive: true,
      };
  }
}
