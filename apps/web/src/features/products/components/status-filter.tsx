import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { TActiveFilter } from '@app/contracts';

const OPTIONS: readonly { value: TActiveFilter; label: string }[] = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Discontinued' },
  { value: 'all', label: 'All' },
];

/** Active rows by default; discontinued ones or both on request (DESIGN 13). */
export function StatusFilter({
  value,
  onChange,
}: {
  value: TActiveFilter;
  onChange: (value: TActiveFilter) => void;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      aria-label="Status"
      onChange={(_event, next: TActiveFilter | null) => {
        if (next) onChange(next);
      }}
    >
      {OPTIONS.map((option) => (
        <ToggleButton
          key={option.value}
          value={option.value}
          // MUI's faint default fails AA contrast on the light page background.
          sx={{ px: 1.5, color: 'text.secondary', '&.Mui-selected': { color: 'text.primary' } }}
        >
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
