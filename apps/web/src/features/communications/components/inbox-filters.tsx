import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ALERT_SEVERITIES, type AlertSeverity } from '@app/contracts';
import type { AlertStore } from '../../../api/alerts.api';
import { SEVERITY_LABELS } from '../../../components/alert-parts';
import { ListToolbar } from '../../../components/list-controls';

export type InboxFilters = {
  severity: AlertSeverity | '';
  storeId: string;
  isUnreadOnly: boolean;
};

export const NO_FILTERS: InboxFilters = { severity: '', storeId: '', isUnreadOnly: false };

export function hasFilters(filters: InboxFilters): boolean {
  return filters.severity !== '' || filters.storeId !== '' || filters.isUnreadOnly;
}

type InboxFiltersBarProps = {
  filters: InboxFilters;
  onChange: (next: InboxFilters) => void;
  stores: readonly AlertStore[];
};

/** Severity, store and "Unread only" above the alerts; each change lists from the first page. */
export function InboxFiltersBar({ filters, onChange, stores }: InboxFiltersBarProps) {
  return (
    <ListToolbar>
      <TextField
        select
        label="Severity"
        value={filters.severity}
        onChange={(event) => onChange({ ...filters, severity: event.target.value as AlertSeverity | '' })}
        sx={{ width: 180, bgcolor: 'background.paper' }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">All severities</MenuItem>
        {ALERT_SEVERITIES.map((severity) => (
          <MenuItem key={severity} value={severity}>
            {SEVERITY_LABELS[severity]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Store"
        value={filters.storeId}
        onChange={(event) => onChange({ ...filters, storeId: event.target.value })}
        sx={{ width: 240, bgcolor: 'background.paper' }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">All stores</MenuItem>
        {stores.map((store) => (
          <MenuItem key={store.id} value={store.id}>
            {store.active ? store.name : `${store.name} (discontinued)`}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Switch
            checked={filters.isUnreadOnly}
            onChange={(event) => onChange({ ...filters, isUnreadOnly: event.target.checked })}
          />
        }
        label="Unread only"
      />
    </ListToolbar>
  );
}
