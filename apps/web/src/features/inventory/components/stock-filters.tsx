import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { TActiveFilter } from '@app/contracts';

const ACTIVE_OPTIONS: readonly { value: TActiveFilter; label: string }[] = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Retired' },
  { value: 'all', label: 'All' },
];

// MUI's faint default text fails AA contrast on the light page background.
const BUTTON_SX = { px: 1.5, py: 0.5, color: 'text.secondary', '&.Mui-selected': { color: 'text.primary' } };

/** Active, retired or all stock records: inventory says "retired" where the catalogue says "discontinued". */
export function ActiveFilter({
  value,
  onChange,
}: {
  value: TActiveFilter;
  onChange: (next: TActiveFilter) => void;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      aria-label="Show"
      onChange={(_event, next: TActiveFilter | null) => {
        // A click on the pressed button would clear the choice: keep it.
        if (next) onChange(next);
      }}
      sx={{ bgcolor: 'background.paper' }}
    >
      {ACTIVE_OPTIONS.map((option) => (
        <ToggleButton key={option.value} value={option.value} sx={BUTTON_SX}>
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** Only the items under their reorder point. */
export function LowStockFilter({ isOn, onChange }: { isOn: boolean; onChange: (next: boolean) => void }) {
  return (
    <ToggleButton
      value="low-stock"
      size="small"
      selected={isOn}
      onChange={() => onChange(!isOn)}
      sx={{
        ...BUTTON_SX,
        bgcolor: 'background.paper',
        gap: 0.75,
        '&.Mui-selected': { color: 'text.primary', bgcolor: 'action.selected' },
      }}
    >
      <WarningAmberIcon fontSize="small" />
      Low stock
    </ToggleButton>
  );
}
