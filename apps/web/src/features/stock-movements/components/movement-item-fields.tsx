import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TLocation } from '@app/contracts';
import { SkuAutocomplete } from './sku-autocomplete';

export type ItemValues = {
  key: string;
  sku: string;
  sourceLocationId: string;
  destinationLocationId: string;
  quantity: string;
  /** What the source holds of the chosen SKU, when it was picked from the suggestions. */
  available: number | null;
};

const KIND_LABELS = { STORE: 'Store', WAREHOUSE: 'Warehouse' } as const;

type LocationSelectProps = {
  label: string;
  name: string;
  value: string;
  locations: readonly TLocation[];
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
};

function LocationSelect({ label, name, value, locations, error, disabled, onChange }: LocationSelectProps) {
  return (
    <TextField
      select
      label={label}
      name={name}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? ' '}
      disabled={disabled}
      slotProps={{
        select: {
          renderValue: (selected) =>
            locations.find((location) => location.id === selected)?.name ?? String(selected),
        },
      }}
    >
      {locations.map((location) => (
        <MenuItem key={location.id} value={location.id}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{location.name}</Typography>
            {location.usedBy ? (
              <Typography variant="caption" color="text.secondary" component="div">
                {KIND_LABELS[location.usedBy]}
              </Typography>
            ) : null}
          </Box>
        </MenuItem>
      ))}
    </TextField>
  );
}

type MovementItemFieldsProps = {
  index: number;
  values: ItemValues;
  locations: readonly TLocation[];
  errors: Record<string, string>;
  /** The only item cannot be removed. */
  isOnly: boolean;
  disabled: boolean;
  onChange: (next: Partial<ItemValues>) => void;
  onRemove: () => void;
};

/** One item of a movement: source, destination, SKU (suggested at the source) and quantity. */
export function MovementItemFields({
  index,
  values,
  locations,
  errors,
  isOnly,
  disabled,
  onChange,
  onRemove,
}: MovementItemFieldsProps) {
  const field = (name: keyof ItemValues) => `items.${index}.${name}`;
  const quantity = Number(values.quantity);
  const isOverAvailable =
    values.available !== null && Number.isFinite(quantity) && quantity > values.available;
  return (
    <Box
      role="group"
      aria-label={`Item ${index + 1}`}
      sx={{
        display: 'grid',
        // The last column holds the remove button, which the only item does not have.
        gridTemplateColumns: `minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.3fr) 112px${isOnly ? '' : ' 40px'}`,
        gap: 1.5,
        alignItems: 'start',
      }}
    >
      <LocationSelect
        label="Source"
        name={field('sourceLocationId')}
        value={values.sourceLocationId}
        locations={locations}
        error={errors[field('sourceLocationId')]}
        disabled={disabled}
        // Another source holds other products: the SKU is chosen again there.
        onChange={(sourceLocationId) => onChange({ sourceLocationId, sku: '', available: null })}
      />
      <LocationSelect
        label="Destination"
        name={field('destinationLocationId')}
        value={values.destinationLocationId}
        locations={locations}
        error={errors[field('destinationLocationId')]}
        disabled={disabled}
        onChange={(destinationLocationId) => onChange({ destinationLocationId })}
      />
      <SkuAutocomplete
        locationId={values.sourceLocationId}
        value={values.sku}
        name={field('sku')}
        error={errors[field('sku')]}
        helperText={values.available !== null ? `${values.available} in stock at the source` : undefined}
        disabled={disabled}
        autoFocus={index === 0}
        onChange={(sku, suggestion) => onChange({ sku, available: suggestion ? suggestion.quantity : null })}
      />
      <TextField
        label="Quantity"
        name={field('quantity')}
        required
        value={values.quantity}
        onChange={(event) => onChange({ quantity: event.target.value })}
        error={Boolean(errors[field('quantity')])}
        helperText={
          errors[field('quantity')] ?? (isOverAvailable ? `Only ${values.available} in stock` : ' ')
        }
        disabled={disabled}
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
      />
      {isOnly ? null : (
        <Box sx={{ pt: 1 }}>
          <Tooltip title="Remove item">
            <IconButton aria-label={`Remove item ${index + 1}`} onClick={onRemove} disabled={disabled}>
              <RemoveCircleOutlineIcon />
            </IconButton>
          </Tooltip>
        </Box>
      )}
    </Box>
  );
}
