import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AnalyticsGroup } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import {
  useListAnalyticsCategoriesQuery,
  useListAnalyticsStoresQuery,
  type AnalyticsCategory,
  type AnalyticsStore,
} from '../components/analytics-choices.api';
import { RangePicker } from '../components/range-picker';
import {
  GROUP_LABELS,
  checkDraft,
  emptyDraft,
  normaliseSkus,
  type SalesFilterDraft,
  type SalesFilterErrors,
} from './sales-filter';

type SalesFilterBuilderProps = {
  /** The filter last applied: the form starts from it. */
  applied: SalesFilterDraft;
  onApply: (draft: SalesFilterDraft) => void;
  /** The groupings offered (all four unless narrowed). */
  groups?: readonly AnalyticsGroup[];
};

const NO_STORES: AnalyticsStore[] = [];
const NO_CATEGORIES: AnalyticsCategory[] = [];

/**
 * The filter of `POST /filter-advanced` and `/super-filter`, edited as a draft and sent on Apply
 * (a year of sales per keystroke would be wasteful). Reset goes back to the defaults and applies
 * them. The stores and categories come from the analytics API, so every analytics role can pick
 * them; when they cannot be loaded the fields say so and the rest of the filter still works.
 */
export function SalesFilterBuilder({
  applied,
  onApply,
  groups = ['product', 'category', 'store', 'day'],
}: SalesFilterBuilderProps) {
  const [draft, setDraft] = useState(applied);
  const [errors, setErrors] = useState<SalesFilterErrors>({});
  const [skuText, setSkuText] = useState('');
  const stores = useListAnalyticsStoresQuery();
  const storeList = stores.data ?? NO_STORES;
  const categories = useListAnalyticsCategoriesQuery();
  const categoryList = categories.data ?? NO_CATEGORIES;

  const change = (patch: Partial<SalesFilterDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof SalesFilterErrors];
      return next;
    });
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    // A SKU typed but not yet turned into a chip counts too: people press Apply straight away.
    const next = { ...draft, skus: normaliseSkus([...draft.skus, skuText]) };
    const found = checkDraft(next);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSkuText('');
    setDraft(next);
    onApply(next);
  };

  const reset = () => {
    const fresh = emptyDraft();
    setDraft(fresh);
    setErrors({});
    setSkuText('');
    onApply(fresh);
  };

  const storesHelp = stores.isError ? 'Stores could not be loaded: all stores count.' : ' ';
  const categoriesHelp = categories.isError ? 'Categories could not be loaded.' : ' ';

  return (
    <Box component="form" noValidate onSubmit={apply} aria-label="Sales filter">
      <Box sx={{ mb: 2 }}>
        <RangePicker value={draft.range} onChange={(range) => change({ range })} />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
          columnGap: 2,
          rowGap: 0.5,
        }}
      >
        <Autocomplete
          multiple
          limitTags={2}
          options={storeList}
          loading={stores.isLoading}
          disabled={stores.isError}
          value={storeList.filter((store) => draft.storeIds.includes(store.id))}
          onChange={(_event, chosen) => change({ storeIds: chosen.map((store) => store.id) })}
          getOptionLabel={(store) => store.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          renderInput={(params) => (
            <TextField {...params} label="Stores" placeholder="All stores" helperText={storesHelp} />
          )}
        />
        <Autocomplete
          multiple
          limitTags={2}
          options={categoryList}
          loading={categories.isFetching}
          disabled={categories.isError}
          value={categoryList.filter((category) => draft.categoryIds.includes(category.id))}
          onChange={(_event, chosen) => change({ categoryIds: chosen.map((category) => category.id) })}
          getOptionLabel={(category) => category.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          renderOption={({ key, ...props }, category) => (
            <li key={key} {...props}>
              <Box sx={{ minWidth: 0 }}>
                <Typography noWrap>{category.name}</Typography>
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {category.locationName}
                </Typography>
              </Box>
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Categories"
              placeholder="All categories"
              helperText={categoriesHelp}
            />
          )}
        />
        <Autocomplete
          multiple
          freeSolo
          limitTags={3}
          options={[] as string[]}
          value={draft.skus}
          inputValue={skuText}
          onInputChange={(_event, text) => setSkuText(text)}
          onChange={(_event, chosen) => change({ skus: normaliseSkus(chosen) })}
          renderValue={(values, getItemProps) =>
            values.map((sku, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} size="small" label={sku} {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label="SKUs"
              placeholder="Type a SKU, press Enter"
              error={Boolean(errors.skus)}
              helperText={errors.skus ?? 'Capitals or not, sold at any store.'}
            />
          )}
        />
        <TextField
          select
          label="Group by"
          value={draft.groupBy}
          onChange={(event) => change({ groupBy: event.target.value as AnalyticsGroup })}
          helperText=" "
        >
          {groups.map((group) => (
            <MenuItem key={group} value={group}>
              {GROUP_LABELS[group]}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'flex', gap: 2 }}>
          <TextField
            label="Min total"
            value={draft.minTotal}
            onChange={(event) => change({ minTotal: event.target.value })}
            error={Boolean(errors.minTotal)}
            helperText={errors.minTotal ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ flex: 1 }}
          />
          <TextField
            label="Max total"
            value={draft.maxTotal}
            onChange={(event) => change({ maxTotal: event.target.value })}
            error={Boolean(errors.maxTotal)}
            helperText={errors.maxTotal ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ flex: 1 }}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            label="Rows"
            value={draft.limit}
            onChange={(event) => change({ limit: event.target.value })}
            error={Boolean(errors.limit)}
            helperText={errors.limit ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 96, flexShrink: 0 }}
          />
          <Box sx={{ flex: 1 }} />
          <Button onClick={reset} sx={{ mt: 1 }}>
            Reset
          </Button>
          <Button type="submit" variant="contained" sx={{ mt: 1 }}>
            Apply
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
