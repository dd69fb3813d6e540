import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TSkuSuggestion } from '@app/contracts';
import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../use-movement-list';
import { useSearchMovementSkusQuery } from '../stock-movements.api';

const NO_SUGGESTIONS: TSkuSuggestion[] = [];

type SkuAutocompleteProps = {
  /** The source: suggestions are its products, with what it holds. */
  locationId: string;
  value: string;
  onChange: (sku: string, suggestion: TSkuSuggestion | null) => void;
  name: string;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  autoFocus?: boolean;
};

/**
 * The SKU of a movement, typed or picked from the source's products whose SKU starts with what
 * is typed (GET /api/stock-movement/search/sku). A typed SKU stands as it is: the server says
 * when the source has no such product.
 */
export function SkuAutocomplete({
  locationId,
  value,
  onChange,
  name,
  error,
  helperText,
  disabled = false,
  autoFocus = false,
}: SkuAutocompleteProps) {
  const [query, setQuery] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(value), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  const suggestions = useSearchMovementSkusQuery({ query, locationId }, { skip: !locationId || disabled });
  const options = suggestions.currentData?.content ?? NO_SUGGESTIONS;

  return (
    <Autocomplete<TSkuSuggestion, false, false, true>
      freeSolo
      options={options}
      // The server filtered already: show its answer as it is.
      filterOptions={(all) => all}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.sku)}
      inputValue={value}
      onInputChange={(_event, text, reason) => {
        // Picking an option reports the option through onChange; this one is the typing.
        if (reason === 'input' || reason === 'clear') onChange(text, null);
      }}
      onChange={(_event, chosen) => {
        if (chosen && typeof chosen !== 'string') onChange(chosen.sku, chosen);
      }}
      loading={suggestions.isFetching}
      disabled={disabled}
      noOptionsText={query.trim() ? 'No product with this SKU at the source' : 'Type a SKU'}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, width: '100%' }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
                {option.sku}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {option.quantity} in stock
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
          label="SKU"
          name={name}
          required
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error ?? helperText ?? ' '}
        />
      )}
    />
  );
}
