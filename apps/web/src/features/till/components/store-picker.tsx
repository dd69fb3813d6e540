import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { TillStoreChoice } from '../use-till-store';
import { STORE_LOCKED_HINT } from '../messages';

type StorePickerProps = {
  choice: TillStoreChoice;
  /** A basket holds products of the store's location: the store changes only once it is empty. */
  isLocked: boolean;
  width?: number;
};

export function StorePicker({ choice, isLocked, width = 260 }: StorePickerProps) {
  if (choice.isLoading) {
    return <Skeleton variant="rounded" width={width} height={40} aria-label="Loading stores" />;
  }
  if (!choice.store) return null;
  const field = (
    <TextField
      select
      label="Store"
      value={choice.store.id}
      onChange={(event) => choice.select(event.target.value)}
      disabled={isLocked}
      title={isLocked ? undefined : choice.store.name}
      sx={{ width, flexShrink: 0 }}
    >
      {choice.stores.map((store) => (
        <MenuItem key={store.id} value={store.id} sx={{ maxWidth: 420, whiteSpace: 'normal' }}>
          {store.name}
        </MenuItem>
      ))}
    </TextField>
  );
  // A disabled field gets no pointer events, so its tooltip needs a wrapper.
  return isLocked ? (
    <Tooltip title={STORE_LOCKED_HINT}>
      <span>{field}</span>
    </Tooltip>
  ) : (
    field
  );
}
