import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import RestoreIcon from '@mui/icons-material/Restore';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Role, TBusinessUser, UserStatus } from '@app/contracts';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { RowAction } from '../../../components/list-controls';
import { EmailText } from '../../../components/email-text';
import { roleLabel, STATUS_LABELS } from '../role-labels';
import type { RowPermissions } from '../staff-permissions';

const STATUS_COLORS: Record<UserStatus, 'success' | 'warning' | 'default'> = {
  ACTIVE: 'success',
  INVITED: 'warning',
  DISABLED: 'default',
};

/** A deeper amber than MUI's warning, which is too light for small text on white (AA needs 4.5:1). */
const INVITED_LIGHT = '#8a4b00';

export function UserStatusChip({ status }: { status: UserStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLORS[status]}
      label={STATUS_LABELS[status]}
      sx={
        status === 'INVITED'
          ? [
              { color: INVITED_LIGHT, borderColor: INVITED_LIGHT },
              (theme) => theme.applyStyles('dark', { color: 'warning.main', borderColor: 'warning.main' }),
            ]
          : undefined
      }
    />
  );
}

export type StaffActions = {
  permissionsOf: (user: TBusinessUser) => RowPermissions;
  locationName: (locationId: string | null) => string;
  /** The signed-in person's own row is marked, since it has no actions. */
  selfId: string | null;
  onAssignRoles: (user: TBusinessUser) => void;
  onRemoveRole: (user: TBusinessUser, role: Role) => void;
  onToggleStatus: (user: TBusinessUser) => void;
  onDelete: (user: TBusinessUser) => void;
  onResendInvitation: (user: TBusinessUser) => void;
};

function RoleChips({
  user,
  canRemove,
  onRemove,
}: {
  user: TBusinessUser;
  canRemove: boolean;
  onRemove: (role: Role) => void;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, maxWidth: 300 }}>
      {user.roles.map((role) => (
        <Chip
          key={role}
          size="small"
          label={roleLabel(role)}
          onDelete={canRemove ? () => onRemove(role) : undefined}
          // The chip is the control a keyboard reaches; Delete or Backspace removes the role.
          aria-label={canRemove ? `${roleLabel(role)}: remove from ${user.fullName}` : undefined}
        />
      ))}
    </Box>
  );
}

function Actions({
  user,
  permissions,
  actions,
}: {
  user: TBusinessUser;
  permissions: RowPermissions;
  actions: StaffActions;
}) {
  const isDisabled = user.status === 'DISABLED';
  return (
    <>
      {permissions.canResendInvitation ? (
        <RowAction
          title="Resend invitation"
          rowLabel={user.fullName}
          icon={<ForwardToInboxIcon fontSize="small" />}
          onClick={() => actions.onResendInvitation(user)}
        />
      ) : null}
      {permissions.canChangeRoles ? (
        <RowAction
          title="Assign roles"
          rowLabel={user.fullName}
          icon={<ManageAccountsIcon fontSize="small" />}
          onClick={() => actions.onAssignRoles(user)}
        />
      ) : null}
      {permissions.canToggleStatus ? (
        <RowAction
          title={isDisabled ? 'Enable' : 'Disable'}
          rowLabel={user.fullName}
          icon={isDisabled ? <RestoreIcon fontSize="small" /> : <BlockIcon fontSize="small" />}
          onClick={() => actions.onToggleStatus(user)}
        />
      ) : null}
      {permissions.canDelete ? (
        <RowAction
          title="Delete"
          rowLabel={user.fullName}
          icon={<DeleteIcon fontSize="small" />}
          onClick={() => actions.onDelete(user)}
        />
      ) : null}
    </>
  );
}

/** The staff table's columns: who, their roles as chips, where they work, their status, actions. */
export function getStaffColumns(actions: StaffActions): DataTableColumn<TBusinessUser>[] {
  return [
    {
      // Name and e-mail in one cell, as people are recognised, leaving the room to the roles.
      id: 'fullName',
      label: 'Member',
      format: (fullName, user) => (
        <Box sx={{ minWidth: 160, maxWidth: 260 }}>
          {fullName}
          {user.id === actions.selfId ? (
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              (you)
            </Typography>
          ) : null}
          {/* At 1024 px the column is narrow: the address wraps after its "@" first. */}
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            <EmailText email={user.email} />
          </Typography>
        </Box>
      ),
    },
    {
      id: 'roles',
      label: 'Roles',
      render: (user) => (
        <RoleChips
          user={user}
          canRemove={actions.permissionsOf(user).canRemoveRole}
          onRemove={(role) => actions.onRemoveRole(user, role)}
        />
      ),
    },
    {
      id: 'locationId',
      label: 'Location',
      format: (locationId) => <Box sx={{ minWidth: 100 }}>{actions.locationName(locationId)}</Box>,
    },
    { id: 'status', label: 'Status', format: (status) => <UserStatusChip status={status} /> },
    {
      id: 'actions',
      label: 'Actions',
      render: (user) => <Actions user={user} permissions={actions.permissionsOf(user)} actions={actions} />,
    },
  ];
}
