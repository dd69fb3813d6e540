import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ANALYTICS_MAX_RANGE_YEARS } from '@app/contracts';
import { useState } from 'react';
import { isoDay, lastDays, type DayRange } from '../analytics-range';

export const RANGE_MESSAGES = {
  missing: 'Choose both days.',
  order: 'The start must be on or before the end.',
  tooLong: `A range spans at most ${ANALYTICS_MAX_RANGE_YEARS} years.`,
} as const;

type Preset = { id: string; label: string; range: (today: Date) => DayRange };

export const RANGE_PRESETS: readonly Preset[] = [
  { id: 'today', label: 'Today', range: (today) => lastDays(1, today) },
  { id: '7d', label: 'Last 7 days', range: (today) => lastDays(7, today) },
  { id: '30d', label: 'Last 30 days', range: (today) => lastDays(30, today) },
  {
    id: '12m',
    label: 'Last 12 months',
    range: (today) => ({
      from: isoDay(new Date(today.getFullYear() - 1, today.getMonth(), today.getDate() + 1)),
      to: isoDay(today),
    }),
  },
  {
    id: 'year',
    label: 'This year',
    range: (today) => ({ from: isoDay(new Date(today.getFullYear(), 0, 1)), to: isoDay(today) }),
  },
];

const CUSTOM = 'custom';

/** Why a range cannot be sent, or null when it can. */
export function rangeProblem(range: DayRange): string | null {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!day.test(range.from) || !day.test(range.to)) return RANGE_MESSAGES.missing;
  if (range.from > range.to) return RANGE_MESSAGES.order;
  const [year, rest] = [Number(range.from.slice(0, 4)), range.from.slice(4)];
  if (range.to > `${year + ANALYTICS_MAX_RANGE_YEARS}${rest}`) return RANGE_MESSAGES.tooLong;
  return null;
}

type RangePickerProps = {
  value: DayRange;
  /** Called with usable ranges only; a half-typed or reversed one stays in the fields. */
  onChange: (range: DayRange) => void;
  /** Tests fix the day; the screens use the reader's today. */
  today?: Date;
};

/**
 * A range of whole days: a quick choice, or two dates. The dates are a draft until they make a
 * range the calls accept, so the charts do not flash through errors while someone types a year.
 */
export function RangePicker({ value, onChange, today = new Date() }: RangePickerProps) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown.from !== value.from || shown.to !== value.to) {
    // The parent chose another range (a quick choice, a reset): the fields follow it.
    setShown(value);
    setDraft(value);
  }
  const problem = rangeProblem(draft);
  const preset = RANGE_PRESETS.find((candidate) => {
    const range = candidate.range(today);
    return range.from === draft.from && range.to === draft.to;
  });

  const change = (next: DayRange) => {
    setDraft(next);
    if (rangeProblem(next) === null) onChange(next);
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
      <TextField
        select
        label="Period"
        value={preset?.id ?? CUSTOM}
        onChange={(event) => {
          const chosen = RANGE_PRESETS.find((candidate) => candidate.id === event.target.value);
          if (chosen) change(chosen.range(today));
        }}
        sx={{ width: 160 }}
      >
        {RANGE_PRESETS.map((candidate) => (
          <MenuItem key={candidate.id} value={candidate.id}>
            {candidate.label}
          </MenuItem>
        ))}
        <MenuItem value={CUSTOM} disabled>
          Custom
        </MenuItem>
      </TextField>
      <TextField
        type="date"
        label="From"
        value={draft.from}
        onChange={(event) => change({ ...draft, from: event.target.value })}
        error={problem !== null && problem !== RANGE_MESSAGES.tooLong}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: draft.to || undefined } }}
        sx={{ width: 156 }}
      />
      <TextField
        type="date"
        label="To"
        value={draft.to}
        onChange={(event) => change({ ...draft, to: event.target.value })}
        error={problem !== null}
        helperText={problem ?? undefined}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { min: draft.from || undefined },
          formHelperText: { sx: { position: 'absolute', top: '100%', mx: 0, whiteSpace: 'nowrap' } },
        }}
        sx={{ width: 156, position: 'relative' }}
      />
    </Box>
  );
}
