import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { getErrorMessage } from '../../../api/api-error';
import { ANALYTICS_STORES_ERROR, useListAnalyticsStoresQuery } from './analytics-choices.api';

export const ALL_STORES_LABEL = 'All stores';
/** The select's value for "All stores": a select shows '' as no choice at all, so a word it is. */
const ALL = 'all';

type StorePickerProps = {
  /** A store's id, or null for the whole business. */
  value: string | null;
  onChange: (storeId: string | null) => void;
  /** Pixels, or any CSS width ('100%' in a grid cell). */
  width?: number | string;
};

/**
 * One store of the business, or all of them. Roles that may read analytics but not inventory get
 * no store list from the server: they keep "All stores", and the tooltip says why.
 */
export function StorePicker({ value, onChange, width = 200 }: StorePickerProps) {
  const query = useListAnalyticsStoresQuery();
  if (query.isLoading) {
    return <Skeleton variant="rounded" width={width} height={40} aria-label="Loading stores" />;
  }
  const stores = query.data ?? [];
  const selected = stores.find((store) => store.id === value);
  const field = (
    <TextField
      select
      label="Store"
      value={selected ? selected.id : ALL}
      onChange={(event) => onChange(event.target.value === ALL ? null : event.target.value)}
      disabled={query.isError}
      title={selected?.name ?? ALL_STORES_LABEL}
      sx={{ width, flexShrink: 0 }}
    >
      <MenuItem value={ALL}>{ALL_STORES_LABEL}</MenuItem>
      {stores.map((store) => (
        <MenuItem key={store.id} value={store.id} sx={{ maxWidth: 420, whiteSpace: 'normal' }}>
          {store.name}
        </MenuItem>
      ))}
    </TextField>
  );
  if (!query.isError) return field;
  // A disabled field gets no pointer events, so its tooltip needs a wrapper that can take focus.
  return (
    <Tooltip title={getErrorMessage(query.error, ANALYTICS_STORES_ERROR)}>
      <span tabIndex={0}>{field}</span>
    </Tooltip>
  );
}
