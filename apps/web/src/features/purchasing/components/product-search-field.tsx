import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TInventoryItem } from '@app/contracts';
import { useState } from 'react';
import { SEARCH_DELAY_MS } from '../../../components/paged-list';
import { useSettled } from '../../../lib/use-settled';
import { useSearchOrderProductsQuery } from '../purchasing.api';

const NO_PRODUCTS: TInventoryItem[] = [];

type ProductSearchFieldProps = {
  /** The order's location: only its products can be ordered for it. */
  locationId: string;
  /** Products on the order already, marked in the options. */
  chosenIds: ReadonlySet<string>;
  onPick: (item: TInventoryItem) => void;
  error?: string;
  disabled?: boolean;
};

/**
 * "Add a product": the location's products whose SKU or name starts with what is typed
 * (GET /api/inventory/products/search), with what the location holds; a pick adds a line and
 * empties the field for the next one.
 */
export function ProductSearchField({
  locationId,
  chosenIds,
  onPick,
  error,
  disabled = false,
}: ProductSearchFieldProps) {
  const [input, setInput] = useState('');
  const query = useSettled(input, SEARCH_DELAY_MS);
  const found = useSearchOrderProductsQuery({ query, locationId }, { skip: !locationId || disabled });
  const options = found.currentData?.content ?? NO_PRODUCTS;

  return (
    <Autocomplete<TInventoryItem, false, false, false>
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        // A pick reports the option's label as input: the field empties for the next product.
        if (reason === 'input' || reason === 'clear') setInput(text);
      }}
      onChange={(_event, chosen) => {
        if (!chosen) return;
        onPick(chosen);
        setInput('');
      }}
      // The server filtered already: show its answer as it is.
      filterOptions={(all) => all}
      getOptionLabel={(option) => `${option.sku} ${option.productName}`}
      getOptionDisabled={(option) => chosenIds.has(option.productId)}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      loading={found.isFetching}
      disabled={disabled || !locationId}
      noOptionsText={query.trim() ? 'No product of this location starts with that' : 'Type a SKU or a name'}
      sx={{ width: 420, maxWidth: '100%' }}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, width: '100%' }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
                {option.sku}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {chosenIds.has(option.productId) ? 'On the order' : `${option.quantity} on hand`}
              </Typography>
            </Box>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {option.productName}
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label="Add a product"
          placeholder="SKU or name"
          name="lines"
          error={Boolean(error)}
          helperText={error ?? ' '}
        />
      )}
    />
  );
}
