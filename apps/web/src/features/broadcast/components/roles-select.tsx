import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ROLE_GROUPS, roleLabel, type Role, type RoleGroup } from '@app/contracts';
import { describeRoles } from '../compose-draft';

const GROUP_LABELS: Record<RoleGroup, string> = {
  BUSINESS: 'Business',
  PRODUCT: 'Products',
  INVENTORY: 'Inventory',
  LOYALTY: 'Loyalty',
  ANALYTICS: 'Analytics',
};

/** The value of the "Everyone" entry: choosing it clears the roles. */
const EVERYONE = '';

type RolesSelectProps = {
  value: readonly Role[];
  onChange: (roles: Role[]) => void;
  disabled?: boolean;
  error?: string;
};

/** Who a broadcast reaches: "Everyone", or the roles ticked, grouped by area. */
export function RolesSelect({ value, onChange, disabled = false, error }: RolesSelectProps) {
  return (
    <TextField
      select
      id="broadcast-roles"
      name="roles"
      label="Roles"
      value={value}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? 'Who receives it. None ticked: everyone in the audience.'}
      onChange={(event) => {
        const picked = event.target.value as unknown as string[];
        // The "Everyone" entry was clicked: it stands for no role at all.
        onChange(picked.includes(EVERYONE) ? [] : (picked as Role[]));
      }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => describeRoles(selected as string[]),
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 400 } } } },
        },
      }}
    >
      <MenuItem value={EVERYONE} dense>
        <Checkbox size="small" checked={value.length === 0} sx={{ p: 0.5, mr: 1 }} />
        <ListItemText primary="Everyone" />
      </MenuItem>
      {(Object.keys(ROLE_GROUPS) as RoleGroup[]).flatMap((group) => [
        <ListSubheader key={`group-${group}`} sx={{ lineHeight: '32px' }}>
          {GROUP_LABELS[group]}
        </ListSubheader>,
        ...ROLE_GROUPS[group].map((role) => (
          <MenuItem key={role} value={role} dense>
            <Checkbox size="small" checked={value.includes(role)} sx={{ p: 0.5, mr: 1 }} />
            <ListItemText primary={roleLabel(role)} />
          </MenuItem>
        )),
      ])}
    </TextField>
  );
}
