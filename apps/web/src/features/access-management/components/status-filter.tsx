import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { UserStatus } from '@app/contracts';

export type StaffFilter = 'ALL' | UserStatus;

const OPTIONS: readonly { value: StaffFilter; label: string }[] = [
  { value: 'ALL', label: 'All' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INVITED', label: 'Invited' },
  { value: 'DISABLED', label: 'Disabled' },
];

/** All members, or those of one status (the server filters). */
export function StaffStatusFilter({
  value,
  onChange,
}: {
  value: StaffFilter;
  onChange: (next: StaffFilter) => void;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      aria-label="Status"
      onChange={(_event, next: StaffFilter | null) => {
        // A click on the pressed button would clear the choice: keep it.
        if (next) onChange(next);
      }}
      sx={{ bgcolor: 'background.paper' }}
    >
      {OPTIONS.map((option) => (
        <ToggleButton
          key={option.value}
          value={option.value}
          // MUI's faint default text fails AA contrast on the light page background.
          sx={{ px: 1.5, py: 0.5, color: 'text.secondary', '&.Mui-selected': { color: 'text.primary' } }}
        >
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
