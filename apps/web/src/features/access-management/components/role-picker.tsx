import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { Role } from '@app/contracts';
import { getRoleGroupChoices, roleLabel } from '../role-labels';

type RolePickerProps = {
  value: readonly Role[];
  onChange: (roles: Role[]) => void;
  /** Offers ROLE_BUSINESS_OWNER: only an owner grants it, and never by invitation. */
  canGrantOwner: boolean;
  error?: string;
  disabled?: boolean;
};

/** The roles of 000 section 6 as checkboxes, one box per role group. */
export function RolePicker({ value, onChange, canGrantOwner, error, disabled = false }: RolePickerProps) {
  const toggle = (role: Role, isChecked: boolean) => {
    const rest = value.filter((held) => held !== role);
    onChange(isChecked ? [...rest, role] : rest);
  };
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        Roles
      </FormLabel>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1.5 }}>
        {getRoleGroupChoices(canGrantOwner).map(({ group, label, roles }) => (
          <Box
            key={group}
            component="fieldset"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, pb: 0.5, m: 0, minWidth: 0 }}
          >
            <Box component="legend" sx={{ px: 0.5, typography: 'caption', color: 'text.secondary' }}>
              {label}
            </Box>
            <FormGroup>
              {roles.map((role) => (
                <FormControlLabel
                  key={role}
                  label={roleLabel(role)}
                  slotProps={{ typography: { variant: 'body2' } }}
                  control={
                    <Checkbox
                      size="small"
                      checked={value.includes(role)}
                      onChange={(event) => toggle(role, event.target.checked)}
                    />
                  }
                />
              ))}
            </FormGroup>
          </Box>
        ))}
      </Box>
      {/* Lets a form's error focus find the roles (useFormErrors); after the boxes, which it focuses. */}
      <input type="hidden" name="roles" />
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}
