import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TReportProduct } from '@app/contracts';
import { useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { SEARCH_DELAY_MS } from '../../../components/paged-list';
import { useSettled } from '../../../lib/use-settled';
import { FORECAST_PRODUCTS_MESSAGE, useSearchForecastProductsQuery } from './forecast-products.api';

const NONE: TReportProduct[] = [];

export const PRODUCT_NEEDS_STORE = 'Pick a store first: a product is forecast at its store.';

type ProductPickerProps = {
  /** The chosen store, whose location's products are searched; null without a store. */
  storeId: string | null;
  value: TReportProduct | null;
  onChange: (product: TReportProduct | null) => void;
  /** Pixels, or any CSS width ('100%' in a grid cell). */
  width?: number | string;
};

/**
 * One product of the chosen store, found by the start of its SKU or name. Empty means the whole
 * store (or business) is forecast. The search waits for typing to pause. It asks the analytics
 * API, so every role that may forecast may pick a product, with or without the catalogue.
 */
export function ProductPicker({ storeId, value, onChange, width = 220 }: ProductPickerProps) {
  const [input, setInput] = useState('');
  const query = useSettled(input.trim(), SEARCH_DELAY_MS);
  const isEnabled = storeId !== null;
  const search = useSearchForecastProductsQuery(
    { storeId: storeId ?? '', query },
    // A chosen product shows its SKU in the field: that is no new search.
    { skip: !isEnabled || query === '' || query === value?.sku },
  );
  const options = search.currentData ?? NONE;
  let hint: string | undefined;
  if (storeId === null) hint = PRODUCT_NEEDS_STORE;
  else if (search.isError) hint = getErrorMessage(search.error, FORECAST_PRODUCTS_MESSAGE);
  // The field shows the SKU; the name under it says which product that is.
  else if (value) hint = value.name;

  return (
    <Autocomplete<TReportProduct>
      options={value && !options.some((option) => option.id === value.id) ? [value, ...options] : options}
      value={value}
      onChange={(_event, chosen) => onChange(chosen)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      // The server matched already (start of SKU or name).
      filterOptions={(found) => found}
      getOptionLabel={(option) => option.sku}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={search.isFetching}
      noOptionsText={query === '' ? 'Type the start of a SKU or name' : 'No product starts with that'}
      disabled={!isEnabled}
      sx={{ width }}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
                {option.sku}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {option.name}
              </Typography>
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Product"
          placeholder={isEnabled ? 'All products' : undefined}
          error={search.isError}
          helperText={hint}
          title={value?.name}
          slotProps={{
            ...params.slotProps,
            // A disabled field greys its hint below the contrast it needs; the hint says why it is disabled.
            formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
          }}
        />
      )}
    />
  );
}
