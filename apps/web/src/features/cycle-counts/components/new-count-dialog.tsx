import Autocomplete from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ABC_CLASSES,
  ABC_WINDOW_DAYS,
  ZCreateCycleCountRequest,
  type AbcClass,
  type TCategory,
  type TInventoryItem,
  type TLocation,
} from '@app/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '../../../api/api-error';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useSettled } from '../../../lib/use-settled';
import { validate } from '../../../lib/validation';
import {
  useCreateCycleCountMutation,
  useListCountCategoriesQuery,
  useSearchCountItemsQuery,
} from '../cycle-counts.api';
import { CYCLE_COUNT_ERRORS, CYCLE_COUNT_SUCCESS } from '../messages';

export const SCOPE_KINDS = ['ALL', 'CATEGORIES', 'PRODUCTS', 'ABC'] as const;
type ScopeKind = (typeof SCOPE_KINDS)[number];

const SCOPE_LABELS: Record<ScopeKind, string> = {
  ALL: 'All products',
  CATEGORIES: 'Some categories',
  PRODUCTS: 'Some products',
  ABC: 'An ABC class',
};

/** What each class holds, from the server's rule (80% / next 15% / the rest of the sales value). */
export const ABC_EXPLANATIONS: Record<AbcClass, string> = {
  A: `A: the products making 80% of the last ${ABC_WINDOW_DAYS} days' sales value (count these most often)`,
  B: 'B: the products making the next 15%',
  C: 'C: the rest, and every product without sales',
};

const NO_CATEGORIES: TCategory[] = [];
const NO_ITEMS: TInventoryItem[] = [];

type NewCountDialogProps = {
  locations: readonly TLocation[];
  initialLocationId: string;
  onClose: () => void;
};

/**
 * Starts a count sheet: the location, what it covers (all, some categories, some products, one
 * ABC class) and a note. The server freezes the expected quantities at once, so the sheet opens
 * next, ready to count.
 */
export function NewCountDialog({ locations, initialLocationId, onClose }: NewCountDialogProps) {
  const navigate = useNavigate();
  const [createCount, createState] = useCreateCycleCountMutation();
  const form = useFormErrors();
  const { errors, clearError, showErrors, showServerError } = form;
  const [locationId, setLocationId] = useState(initialLocationId);
  const [kind, setKind] = useState<ScopeKind>('ALL');
  const [categories, setCategories] = useState<TCategory[]>([]);
  const [products, setProducts] = useState<TInventoryItem[]>([]);
  const [abcClass, setAbcClass] = useState<AbcClass>('A');
  const [note, setNote] = useState('');
  const [productInput, setProductInput] = useState('');
  const productQuery = useSettled(productInput.trim(), 300);
  const isBusy = createState.isLoading;

  const categoryList = useListCountCategoriesQuery(locationId, { skip: kind !== 'CATEGORIES' });
  const itemSearch = useSearchCountItemsQuery(
    { locationId, query: productQuery },
    { skip: kind !== 'PRODUCTS' },
  );

  const changeLocation = (next: string) => {
    setLocationId(next);
    // Categories and products belong to one location: another location has other ids.
    setCategories([]);
    setProducts([]);
    clearError('locationId');
  };

  const scope = () => {
    switch (kind) {
      case 'ALL':
        return { kind };
      case 'CATEGORIES':
        return { kind, categoryIds: categories.map((category) => category.id) };
      case 'PRODUCTS':
        return { kind, productIds: products.map((item) => item.productId) };
      case 'ABC':
        return { kind, abcClass };
    }
  };

  const submit = async () => {
    const result = validate(ZCreateCycleCountRequest, { locationId, scope: scope(), note });
    showErrors(result.errors ?? {});
    if (result.errors) return;
    try {
      const created = await createCount(result.data).unwrap();
      notifySuccess(CYCLE_COUNT_SUCCESS.create);
      onClose();
      void navigate(`/dashboard/cycle-counts/${encodeURIComponent(created.id)}`);
    } catch (error) {
      showServerError(error, CYCLE_COUNT_ERRORS.create);
    }
  };

  return (
    <FormDialog
      title="New count"
      submitLabel="Start count"
      isBusy={isBusy}
      form={form}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        select
        required
        name="locationId"
        label="Location"
        value={locationId}
        onChange={(event) => changeLocation(event.target.value)}
        error={Boolean(errors.locationId)}
        helperText={errors.locationId}
        disabled={isBusy}
      >
        {locations.map((location) => (
          <MenuItem key={location.id} value={location.id}>
            {location.name}
          </MenuItem>
        ))}
      </TextField>
      <FormControl disabled={isBusy}>
        <FormLabel id="count-scope-label">What to count</FormLabel>
        <RadioGroup
          row
          aria-labelledby="count-scope-label"
          name="scope.kind"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as ScopeKind);
            clearError('scope');
          }}
        >
          {SCOPE_KINDS.map((option) => (
            <FormControlLabel key={option} value={option} control={<Radio />} label={SCOPE_LABELS[option]} />
          ))}
        </RadioGroup>
      </FormControl>
      {kind === 'CATEGORIES' ? (
        <Autocomplete<TCategory, true>
          multiple
          options={categoryList.data ?? NO_CATEGORIES}
          loading={categoryList.isFetching}
          value={categories}
          onChange={(_event, chosen) => {
            setCategories(chosen);
            clearError('scope.categoryIds');
          }}
          getOptionLabel={(category) => category.categoryName}
          isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
          disabled={isBusy}
          noOptionsText={
            categoryList.isError
              ? getErrorMessage(categoryList.error, CYCLE_COUNT_ERRORS.categories)
              : 'This location has no categories.'
          }
          renderInput={(params) => (
            <TextField
              {...params}
              name="scope.categoryIds"
              label="Categories"
              required
              error={Boolean(errors['scope.categoryIds'])}
              helperText={errors['scope.categoryIds'] ?? 'Every active product of these categories here'}
            />
          )}
        />
      ) : null}
      {kind === 'PRODUCTS' ? (
        <Autocomplete<TInventoryItem, true>
          multiple
          options={itemSearch.currentData?.content ?? NO_ITEMS}
          // The server filtered already (SKU or name starting with the text).
          filterOptions={(found) => found}
          loading={itemSearch.isFetching}
          value={products}
          inputValue={productInput}
          onInputChange={(_event, text, reason) => {
            if (reason === 'input' || reason === 'clear') setProductInput(text);
          }}
          onChange={(_event, chosen) => {
            setProducts(chosen);
            clearError('scope.productIds');
          }}
          getOptionLabel={(item) => `${item.sku} · ${item.productName}`}
          isOptionEqualToValue={(option, chosen) => option.productId === chosen.productId}
          disabled={isBusy}
          noOptionsText={
            itemSearch.isError
              ? getErrorMessage(itemSearch.error, CYCLE_COUNT_ERRORS.products)
              : 'No product here starts with this SKU or name.'
          }
          renderInput={(params) => (
            <TextField
              {...params}
              name="scope.productIds"
              label="Products"
              required
              placeholder="Search by SKU or name"
              error={Boolean(errors['scope.productIds'])}
              helperText={errors['scope.productIds']}
            />
          )}
        />
      ) : null}
      {kind === 'ABC' ? (
        <FormControl disabled={isBusy}>
          <FormLabel id="count-abc-label">ABC class</FormLabel>
          <RadioGroup
            aria-labelledby="count-abc-label"
            name="scope.abcClass"
            value={abcClass}
            onChange={(event) => setAbcClass(event.target.value as AbcClass)}
          >
            {ABC_CLASSES.map((option) => (
              <FormControlLabel
                key={option}
                value={option}
                control={<Radio />}
                label={<Typography variant="body2">{ABC_EXPLANATIONS[option]}</Typography>}
              />
            ))}
          </RadioGroup>
          <FormHelperText>Ranked by sales value at this location, refunds taken off.</FormHelperText>
        </FormControl>
      ) : null}
      <TextField
        name="note"
        label="Note"
        multiline
        minRows={2}
        value={note}
        onChange={(event) => {
          setNote(event.target.value);
          clearError('note');
        }}
        error={Boolean(errors.note)}
        helperText={errors.note}
        disabled={isBusy}
      />
    </FormDialog>
  );
}
