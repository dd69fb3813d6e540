import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MOVEMENT_STATUSES, type MovementStatus, type TLocation } from '@app/contracts';
import { ListToolbar, SearchField } from '../../../components/list-controls';
import { STATUS_LABELS } from '../movement-format';
import type { MovementFilters as Filters } from '../use-movement-list';

type MovementFiltersProps = {
  search: string;
  onSearchChange: (value: string) => void;
  filters: Filters;
  onFilterChange: <K extends keyof Filters>(name: K, value: Filters[K]) => void;
  locations: readonly TLocation[];
};

const ALL = '';

/** Above the list: the SKU search, and the status and location filters. */
export function MovementFilters({
  search,
  onSearchChange,
  filters,
  onFilterChange,
  locations,
}: MovementFiltersProps) {
  return (
    <ListToolbar>
      <SearchField label="Search by SKU" value={search} onChange={onSearchChange} />
      <TextField
        select
        size="small"
        label="Status"
        value={filters.status}
        onChange={(event) => onFilterChange('status', event.target.value as MovementStatus | '')}
        sx={{ width: 160, bgcolor: 'background.paper' }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value={ALL}>All statuses</MenuItem>
        {MOVEMENT_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="From or to"
        value={filters.locationId}
        onChange={(event) => onFilterChange('locationId', event.target.value)}
        sx={{ width: 200, bgcolor: 'background.paper' }}
        slotProps={{
          inputLabel: { shrink: true },
          select: {
            displayEmpty: true,
            renderValue: (value) =>
              value === ALL
                ? 'All locations'
                : (locations.find((location) => location.id === value)?.name ?? String(value)),
          },
        }}
      >
        <MenuItem value={ALL}>All locations</MenuItem>
        {locations.map((location) => (
          <MenuItem key={location.id} value={location.id}>
            {location.name}
          </MenuItem>
        ))}
      </TextField>
    </ListToolbar>
  );
}
