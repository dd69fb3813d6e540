import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TSupplier } from '@app/contracts';
import { useState } from 'react';
import { SEARCH_DELAY_MS } from '../../../components/paged-list';
import { useSettled } from '../../../lib/use-settled';
import { useListOrderSuppliersQuery } from '../purchasing.api';

/** The order's supplier as the form keeps it: enough to show it before the list has loaded. */
export type ChosenSupplier = { id: string; name: string; email: string | null };

const NO_SUPPLIERS: TSupplier[] = [];

type SupplierFieldProps = {
  value: ChosenSupplier | null;
  onChange: (supplier: ChosenSupplier | null) => void;
  error?: string;
  disabled?: boolean;
};

/** The active suppliers, searched on the server by name, contact or e-mail. */
export function SupplierField({ value, onChange, error, disabled = false }: SupplierFieldProps) {
  const [input, setInput] = useState(value?.name ?? '');
  const search = useSettled(input, SEARCH_DELAY_MS);
  // The chosen name in the field is not a search: the list opens with every supplier.
  const suppliers = useListOrderSuppliersQuery({
    active: 'true',
    search: value && search === value.name ? undefined : search,
  });
  const options: ChosenSupplier[] = (suppliers.currentData?.content ?? NO_SUPPLIERS).map((supplier) => ({
    id: supplier.id,
    name: supplier.name,
    email: supplier.email,
  }));
  if (value && !options.some((option) => option.id === value.id)) options.unshift(value);

  return (
    <Autocomplete<ChosenSupplier, false, false, false>
      options={options}
      value={value}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      onChange={(_event, chosen) => onChange(chosen)}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={suppliers.isFetching}
      disabled={disabled}
      noOptionsText="No active supplier matches"
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
            <Typography variant="body2">{option.name}</Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {option.email ?? 'No e-mail address'}
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Supplier"
          name="supplierId"
          required
          error={Boolean(error)}
          helperText={
            error ??
            (value
              ? value.email
                ? `Sending e-mails the order to ${value.email}`
                : 'No e-mail address: send the PDF by hand'
              : ' ')
          }
        />
      )}
    />
  );
}
