import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import type { TSkuSuggestion } from '@app/contracts';
import type { ReactNode } from 'react';
import { useSuggestSkusQuery } from '../inventory.api';
import { useDebounced } from '../use-stock-list';

type SkuSearchFieldProps = {
  locationId: string;
  /** The text typed; the field is controlled. */
  value: string;
  onChange: (text: string) => void;
  /** A suggestion was picked (by click or Enter). */
  onSelect: (suggestion: TSkuSuggestion) => void;
  label: string;
  placeholder?: string;
  /** A search box above a list (small, with the search icon), or a form field. */
  variant?: 'search' | 'field';
  width?: number | string;
  name?: string;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  /** Each suggestion shows the units in stock (not when adding a record: it has none yet). */
  isQuantityShown?: boolean;
};

const NO_SUGGESTIONS: TSkuSuggestion[] = [];

/**
 * A text field that suggests SKUs of the location as one types (GET /api/inventory/search/sku,
 * page 0, size 10). Free text stays allowed: the list's search takes any part of a SKU or name.
 */
export function SkuSearchField({
  locationId,
  value,
  onChange,
  onSelect,
  label,
  placeholder,
  variant = 'field',
  width,
  name,
  error,
  helperText,
  required,
  autoFocus,
  disabled,
  isQuantityShown = true,
}: SkuSearchFieldProps) {
  const query = useDebounced(value).trim();
  const suggestions = useSuggestSkusQuery({ locationId, query }, { skip: query === '' });
  const options = query === '' ? NO_SUGGESTIONS : (suggestions.currentData?.content ?? NO_SUGGESTIONS);
  const isSearch = variant === 'search';

  return (
    <Autocomplete<TSkuSuggestion, false, false, true>
      freeSolo
      options={options}
      // The server filtered already (prefix of SKU or name); the input may not be the SKU itself.
      filterOptions={(found) => found}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.sku)}
      isOptionEqualToValue={(option, chosen) =>
        typeof chosen === 'string' ? option.sku === chosen : option.productId === chosen.productId
      }
      inputValue={value}
      onInputChange={(_event, text, reason) => {
        // A pick sets the input to the SKU (reason 'reset'); 'input' and 'clear' are typing.
        if (reason !== 'reset' || text !== '') onChange(text);
      }}
      onChange={(_event, chosen) => {
        if (chosen && typeof chosen !== 'string') onSelect(chosen);
      }}
      loading={suggestions.isFetching}
      disabled={disabled}
      autoHighlight={false}
      size="small"
      sx={{ width: width ?? (isSearch ? 280 : '100%') }}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest}>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
                {option.sku}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {option.productName}
                {option.barcode ? ` · ${option.barcode}` : ''}
              </Typography>
            </Box>
            {isQuantityShown ? (
              <Typography variant="caption" color="text.secondary" sx={{ ml: 2, whiteSpace: 'nowrap' }}>
                {option.inventoryId === null ? 'No stock record' : `${option.quantity} in stock`}
              </Typography>
            ) : null}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={isSearch ? undefined : label}
          placeholder={placeholder}
          name={name}
          error={error}
          helperText={helperText}
          required={required}
          autoFocus={autoFocus}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              ...(isSearch && { 'aria-label': label }),
              // A paste of "  SKU " is trimmed for the search itself (001 section 5).
              autoComplete: 'off',
            },
            input: {
              ...params.slotProps.input,
              ...(isSearch && {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              }),
            },
          }}
          sx={isSearch ? { bgcolor: 'background.paper' } : undefined}
        />
      )}
    />
  );
}
