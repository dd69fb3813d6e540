import MyLocationIcon from '@mui/icons-material/MyLocation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZNearbyQuery } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { useFormErrors } from '../../../lib/use-form-errors';
import { validate } from '../../../lib/validation';
import { formatAddress, formatDistance } from '../location-format';
import { STORE_ERRORS } from '../messages';
import { useLazyListNearbyStoresQuery } from '../stores.api';

type FieldName = 'latitude' | 'longitude' | 'radiusKm';

type NearbyDialogProps = {
  /** A point to start from, e.g. a location's coordinates. */
  origin?: { latitude: number | null; longitude: number | null; name?: string };
  onClose: () => void;
};

export const GEOLOCATION_REFUSED = 'Your browser did not share its position. Enter the coordinates instead.';

const toText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** "Nearby": the active stores within a radius of a point, nearest first, with their distance. */
export function NearbyDialog({ origin, onClose }: NearbyDialogProps) {
  const titleId = useId();
  const [values, setValues] = useState<Record<FieldName, string>>({
    latitude: toText(origin?.latitude),
    longitude: toText(origin?.longitude),
    radiusKm: '10',
  });
  const [isLocating, setIsLocating] = useState(false);
  const { formRef, errors, formError, setFormError, showErrors, clearError } = useFormErrors();
  const [findStores, nearby] = useLazyListNearbyStoresQuery();
  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  const set = (name: FieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    clearError(name);
  };

  const locateMe = () => {
    setIsLocating(true);
    setFormError(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setIsLocating(false);
        set('latitude', position.coords.latitude.toFixed(6));
        set('longitude', position.coords.longitude.toFixed(6));
      },
      () => {
        setIsLocating(false);
        setFormError(GEOLOCATION_REFUSED);
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim().replace(',', '.'));
    const result = validate(ZNearbyQuery, {
      latitude: blankToNull(values.latitude),
      longitude: blankToNull(values.longitude),
      radiusKm: blankToNull(values.radiusKm) ?? undefined,
    });
    showErrors(result.errors ?? {});
    if (result.data) void findStores(result.data);
  };

  const field = (name: FieldName, label: string) => ({
    name,
    id: `nearby-${name}`,
    label,
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name],
    slotProps: { htmlInput: { inputMode: 'decimal' as const } },
  });

  const radius = nearby.originalArgs?.radiusKm;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate ref={formRef} onSubmit={submit}>
        <DialogTitle id={titleId}>Stores nearby</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {origin?.name
              ? `Active stores around ${origin.name}, nearest first.`
              : 'Active stores around a point, nearest first. Only locations with coordinates count.'}
          </DialogContentText>
          {formError ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr 140px', gap: 2, alignItems: 'start' }}>
            <TextField required {...field('latitude', 'Latitude')} />
            <TextField required {...field('longitude', 'Longitude')} />
            <TextField
              {...field('radiusKm', 'Radius')}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { endAdornment: <InputAdornment position="end">km</InputAdornment> },
              }}
            />
          </Box>
          <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
            <Button type="submit" variant="contained" disabled={nearby.isFetching}>
              Find stores
            </Button>
            {canLocate ? (
              <Button startIcon={<MyLocationIcon />} onClick={locateMe} disabled={isLocating}>
                {isLocating ? 'Locating...' : 'Use my position'}
              </Button>
            ) : null}
          </Box>
          <Box aria-live="polite" sx={{ mt: 2, minHeight: 48 }}>
            {nearby.isFetching ? (
              <>
                <Skeleton height={32} />
                <Skeleton height={32} />
              </>
            ) : nearby.isError ? (
              <Alert severity="error">{getErrorMessage(nearby.error, STORE_ERRORS.nearby)}</Alert>
            ) : nearby.data && nearby.data.length === 0 ? (
              <Typography color="text.secondary">
                No active stores within {radius} km of that point.
              </Typography>
            ) : nearby.data ? (
              <List dense aria-label="Stores nearby" disablePadding>
                {nearby.data.map((store) => (
                  <ListItem
                    key={store.id}
                    divider
                    disableGutters
                    secondaryAction={
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {formatDistance(store.distanceKm)}
                      </Typography>
                    }
                  >
                    <ListItemText
                      primary={store.name}
                      secondary={[store.location.name, formatAddress(store.location)]
                        .filter(Boolean)
                        .join(' · ')}
                    />
                  </ListItem>
                ))}
              </List>
            ) : null}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>
            Close
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
