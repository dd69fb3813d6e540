import AddLocationAltOutlinedIcon from '@mui/icons-material/AddLocationAltOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ROUTE_ROLES, hasAnyRole, type TLocation } from '@app/contracts';
import { useCallback, useState } from 'react';
import { useSelector } from 'react-redux';
import { getErrorMessage } from '../api/api-error';
import { selectRoles, selectSessionUser } from '../session/session.slice';
import { LOCATION_CHOICES_ERROR_MESSAGE, useListLocationChoicesQuery } from './location-picker.api';
import { RouterLink } from './router-link';

/** Where locations are added (reached by business and inventory roles). */
export const LOCATIONS_PATH = '/dashboard/stores';
export const ADD_LOCATION_FIRST = 'Add a location first';

const NO_LOCATIONS: readonly TLocation[] = [];

/** The remembered choice is per user: two people sharing a browser keep their own. */
export function locationChoiceKeyOf(userId: string): string {
  return `locationChoice:${userId}`;
}

function readChoice(userId: string): string | null {
  if (!userId) return null;
  try {
    return window.localStorage.getItem(locationChoiceKeyOf(userId));
  } catch {
    return null;
  }
}

function writeChoice(userId: string, locationId: string): void {
  if (!userId) return;
  try {
    window.localStorage.setItem(locationChoiceKeyOf(userId), locationId);
  } catch {
    // Storage refused (private mode): the choice lasts for this visit only.
  }
}

export type LocationChoice = {
  /** The business's active locations. */
  locations: readonly TLocation[];
  /** The chosen location: the remembered one while it is still active, else the first. */
  location: TLocation | null;
  locationId: string | null;
  select: (locationId: string) => void;
  isLoading: boolean;
  /** The failure's message (server's, else 'Failed to fetch locations'), or null. */
  error: string | null;
  /** Loaded, and the business has no active location. */
  isEmpty: boolean;
};

/**
 * The location a screen works on (DESIGN 13): the business's active locations, the user's
 * remembered choice, the first location when nothing (or a location since discontinued) was
 * chosen. Call it once per screen and hand it to LocationPicker.
 */
export function useLocationChoice(): LocationChoice {
  const userId = useSelector(selectSessionUser)?.userId ?? '';
  const query = useListLocationChoicesQuery();
  const [chosen, setChosen] = useState<{ userId: string; locationId: string | null }>(() => ({
    userId,
    locationId: readChoice(userId),
  }));
  const chosenId = chosen.userId === userId ? chosen.locationId : readChoice(userId);

  const locations = query.data ?? NO_LOCATIONS;
  const location = locations.find((candidate) => candidate.id === chosenId) ?? locations[0] ?? null;

  const select = useCallback(
    (locationId: string) => {
      setChosen({ userId, locationId });
      writeChoice(userId, locationId);
    },
    [userId],
  );

  return {
    locations,
    location,
    locationId: location?.id ?? null,
    select,
    isLoading: query.isLoading,
    error: query.isError ? getErrorMessage(query.error, LOCATION_CHOICES_ERROR_MESSAGE) : null,
    isEmpty: query.isSuccess && locations.length === 0,
  };
}

function describeLocation(location: TLocation): string | null {
  const place = [location.street, location.city].filter(Boolean).join(', ');
  return place || null;
}

type LocationPickerProps = {
  choice: LocationChoice;
  label?: string;
  /** Fixed, so a long location name ends in an ellipsis instead of pushing the page apart. */
  width?: number;
};

/**
 * A select of the business's active locations; while loading a skeleton of its size, and when
 * the business has none, the way to add one.
 */
export function LocationPicker({ choice, label = 'Location', width = 260 }: LocationPickerProps) {
  const roles = useSelector(selectRoles);
  if (choice.isLoading) {
    return <Skeleton variant="rounded" width={width} height={40} aria-label="Loading locations" />;
  }
  if (choice.error) {
    return (
      <Alert severity="error" sx={{ py: 0 }}>
        {choice.error}
      </Alert>
    );
  }
  if (choice.isEmpty) {
    return hasAnyRole(roles, ROUTE_ROLES[LOCATIONS_PATH] ?? null) ? (
      <Button
        component={RouterLink}
        to={LOCATIONS_PATH}
        variant="outlined"
        startIcon={<AddLocationAltOutlinedIcon />}
      >
        {ADD_LOCATION_FIRST}
      </Button>
    ) : null;
  }
  return (
    <TextField
      select
      label={label}
      value={choice.locationId ?? ''}
      onChange={(event) => choice.select(event.target.value)}
      fullWidth={false}
      title={choice.location?.name}
      sx={{ width, flexShrink: 0 }}
      slotProps={{
        select: {
          renderValue: (value) =>
            choice.locations.find((location) => location.id === value)?.name ?? String(value),
        },
      }}
    >
      {choice.locations.map((location) => (
        <MenuItem key={location.id} value={location.id} sx={{ maxWidth: 480, whiteSpace: 'normal' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{location.name}</Typography>
            {describeLocation(location) ? (
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {describeLocation(location)}
              </Typography>
            ) : null}
          </Box>
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The empty state of a screen whose data belongs to a location, when the business has none: it
 * names the next step, and links to it for the roles that reach the locations screen.
 */
export function NoLocationsState({ subject }: { subject: string }) {
  const roles = useSelector(selectRoles);
  const canAdd = hasAnyRole(roles, ROUTE_ROLES[LOCATIONS_PATH] ?? null);
  return (
    <Paper
      variant="outlined"
      sx={{ py: 6, px: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}
    >
      <PlaceOutlinedIcon color="action" sx={{ fontSize: 40 }} aria-hidden="true" />
      <Typography variant="h5" component="h2">
        No locations yet
      </Typography>
      <Typography color="text.secondary" sx={{ textAlign: 'center', maxWidth: 480 }}>
        {subject} belong to a location.{' '}
        {canAdd
          ? 'Add a store or warehouse location, then come back here.'
          : 'Ask an owner or an administrator to add a location.'}
      </Typography>
      {canAdd ? (
        <Button
          component={RouterLink}
          to={LOCATIONS_PATH}
          variant="contained"
          startIcon={<AddLocationAltOutlinedIcon />}
        >
          {ADD_LOCATION_FIRST}
        </Button>
      ) : null}
    </Paper>
  );
}
