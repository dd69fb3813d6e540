import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TActiveFilter } from '@app/contracts';
import type { ReactElement, ReactNode } from 'react';

/**
 * The controls above a catalogue list (DESIGN 10 and 13): a search field, the active /
 * discontinued filter (or another choice, such as the order), the status chip of a row, its icon
 * actions and the empty state that names the next action. paged-list.tsx puts them together, with
 * ReadError, for a list paged on the server.
 */

export const ACTIVE_FILTERS = ['active', 'discontinued', 'all'] as const;
export type ActiveFilter = (typeof ACTIVE_FILTERS)[number];

const FILTER_LABELS: Record<ActiveFilter, string> = {
  active: 'Active',
  discontinued: 'Discontinued',
  all: 'All',
};

const ACTIVE_QUERY: Record<ActiveFilter, TActiveFilter> = {
  active: 'true',
  discontinued: 'false',
  all: 'all',
};

/** The filter as a server-paged list's `active` query (DESIGN 13). */
export function toActiveQuery(filter: ActiveFilter): TActiveFilter {
  return ACTIVE_QUERY[filter];
}

export function fromActiveQuery(query: TActiveFilter): ActiveFilter {
  return query === 'true' ? 'active' : query === 'false' ? 'discontinued' : 'all';
}

/** Whether a row belongs in the list under the filter. */
export function matchesActiveFilter(isActive: boolean, filter: ActiveFilter): boolean {
  if (filter === 'all') return true;
  return filter === 'active' ? isActive : !isActive;
}

/** Whether any of the texts contains the search, whatever the case; a blank search matches all. */
export function matchesSearch(search: string, texts: readonly (string | null | undefined)[]): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return texts.some((text) => text?.toLocaleLowerCase().includes(needle));
}

export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>{children}</Box>
  );
}

type SearchFieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name, and the placeholder unless one is given, e.g. "Search warehouses". */
  label: string;
  placeholder?: string;
};

export function SearchField({ value, onChange, label, placeholder = label }: SearchFieldProps) {
  return (
    <OutlinedInput
      size="small"
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      slotProps={{ input: { 'aria-label': label } }}
      startAdornment={
        <InputAdornment position="start">
          <SearchIcon fontSize="small" />
        </InputAdornment>
      }
      sx={{ width: 320, bgcolor: 'background.paper' }}
    />
  );
}

type ChoiceFilterProps<Choice extends string> = {
  value: Choice;
  onChange: (value: Choice) => void;
  options: readonly Choice[];
  labels: Record<Choice, string>;
  /** The group's accessible name ("Show", "Sort by"). */
  label: string;
};

/** One choice of a few, as pressed buttons beside the search: a filter, or the list's order. */
export function ChoiceFilter<Choice extends string>({
  value,
  onChange,
  options,
  labels,
  label,
}: ChoiceFilterProps<Choice>) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      aria-label={label}
      onChange={(_event, next: Choice | null) => {
        // A click on the pressed button would clear the choice: keep it.
        if (next) onChange(next);
      }}
      sx={{ bgcolor: 'background.paper' }}
    >
      {options.map((option) => (
        <ToggleButton
          key={option}
          value={option}
          // MUI's faint default text fails AA contrast on the light page background.
          sx={{ px: 1.5, py: 0.5, color: 'text.secondary', '&.Mui-selected': { color: 'text.primary' } }}
        >
          {labels[option]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

type StatusFilterProps = {
  value: ActiveFilter;
  onChange: (value: ActiveFilter) => void;
  options?: readonly ActiveFilter[];
};

export function StatusFilter({ value, onChange, options = ACTIVE_FILTERS }: StatusFilterProps) {
  return (
    <ChoiceFilter value={value} onChange={onChange} options={options} labels={FILTER_LABELS} label="Show" />
  );
}

export function StatusChip({ isActive }: { isActive: boolean }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={isActive ? 'success' : 'default'}
      label={isActive ? 'Active' : 'Discontinued'}
    />
  );
}

type RowActionProps = {
  /** Tooltip text and the start of the accessible name ("Discontinue"). */
  title: string;
  /** Whose action it is, for screen readers ("Main warehouse"). */
  rowLabel: string;
  icon: ReactElement;
  onClick: () => void;
  disabled?: boolean;
};

/** An icon button of a row, like the table's own Edit and Delete. */
export function RowAction({ title, rowLabel, icon, onClick, disabled = false }: RowActionProps) {
  const button = (
    <IconButton size="small" aria-label={`${title} ${rowLabel}`} onClick={onClick} disabled={disabled}>
      {icon}
    </IconButton>
  );
  // A disabled button gets no pointer events, so its tooltip needs a wrapper.
  return <Tooltip title={title}>{disabled ? <span>{button}</span> : button}</Tooltip>;
}

type EmptyStateProps = {
  /** What is missing and what to do, e.g. "No warehouses yet. Add your first warehouse." */
  message: string;
  action?: ReactNode;
};

export function EmptyState({ message, action }: EmptyStateProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
      <Typography color="text.secondary">{message}</Typography>
      {action}
    </Box>
  );
}

/** A cell's text kept on one line (phone numbers, coordinates). */
export function NoWrap({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </Box>
  );
}
