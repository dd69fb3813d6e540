import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { EVENT_FILTERS, eventTypeLabel, type EventFilter } from '../event-types';

type EventTypeSelectProps = {
  value: EventFilter;
  onChange: (value: EventFilter) => void;
  id: string;
};

/** "All" and the event types of 000 section 3, underscores shown as spaces. */
export function EventTypeSelect({ value, onChange, id }: EventTypeSelectProps) {
  return (
    <TextField
      select
      size="small"
      id={id}
      label="Event type"
      value={value}
      onChange={(event) => onChange(event.target.value as EventFilter)}
      sx={{ width: 240 }}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
    >
      {EVENT_FILTERS.map((filter) => (
        <MenuItem key={filter} value={filter}>
          {filter === 'ALL' ? 'All' : eventTypeLabel(filter)}
        </MenuItem>
      ))}
    </TextField>
  );
}
