import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { isPermitted } from '@app/contracts';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import { LocationPicker, NoLocationsState, useLocationChoice } from '../../components/location-picker';
import { PageHeader } from '../../components/page-header';
import { selectRoles } from '../../session/session.slice';
import { CategoriesTab } from './components/categories-tab';
import { CategoryDialog } from './components/category-dialog';
import { DiscountsTab } from './components/discounts-tab';
import { ProductDialog } from './components/product-dialog';
import { ProductsTab } from './components/products-tab';

const TABS = [
  { value: 'products', label: 'Products' },
  { value: 'categories', label: 'Categories' },
  { value: 'discounts', label: 'Discounts' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

function readTab(value: string | null): TabValue {
  return TABS.find((tab) => tab.value === value)?.value ?? 'products';
}

/**
 * /dashboard/product: the products, categories and discounts of one location, chosen with the
 * location picker. The open tab lives in the address (`?tab=`), so a reload or a shared link
 * keeps it.
 */
export function ProductsPage() {
  const roles = useSelector(selectRoles);
  const permissions = {
    canCreate: isPermitted(roles, 'product:create'),
    canUpdate: isPermitted(roles, 'product:update'),
    canDelete: isPermitted(roles, 'product:delete'),
  };
  const choice = useLocationChoice();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = readTab(searchParams.get('tab'));
  const [creating, setCreating] = useState<'product' | 'category' | null>(null);
  const location = choice.location;

  const selectTab = (next: TabValue) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'products') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  };

  const primaryAction =
    location && permissions.canCreate && tab !== 'discounts' ? (
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        onClick={() => setCreating(tab === 'categories' ? 'category' : 'product')}
      >
        {tab === 'categories' ? 'Add category' : 'Add product'}
      </Button>
    ) : null;

  return (
    <Box>
      <PageHeader
        title="Products"
        subtitle="Products, categories and discounts, location by location."
        actions={
          choice.isEmpty ? null : (
            <>
              <LocationPicker choice={choice} />
              {primaryAction}
            </>
          )
        }
      />
      {choice.isEmpty ? <NoLocationsState subject="Products and categories" /> : null}
      {choice.error ? <Alert severity="error">{choice.error}</Alert> : null}
      {choice.isLoading ? (
        <Box>
          <Skeleton variant="rounded" height={40} width={360} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={320} />
        </Box>
      ) : null}
      {location ? (
        <>
          <Tabs
            value={tab}
            onChange={(_event, next: TabValue) => selectTab(next)}
            aria-label="Product areas"
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {TABS.map((item) => (
              <Tab
                key={item.value}
                value={item.value}
                label={item.label}
                id={`product-tab-${item.value}`}
                aria-controls={`product-tabpanel-${item.value}`}
              />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`product-tabpanel-${tab}`} aria-labelledby={`product-tab-${tab}`}>
            {tab === 'products' ? (
              <ProductsTab
                key={location.id}
                location={location}
                locations={choice.locations}
                permissions={permissions}
                onAdd={() => setCreating('product')}
              />
            ) : null}
            {tab === 'categories' ? (
              <CategoriesTab
                key={location.id}
                location={location}
                permissions={permissions}
                onAdd={() => setCreating('category')}
              />
            ) : null}
            {tab === 'discounts' ? (
              <DiscountsTab key={location.id} location={location} canUpdate={permissions.canUpdate} />
            ) : null}
          </Box>
          {creating === 'product' ? (
            <ProductDialog
              product={null}
              location={location}
              locations={choice.locations}
              onClose={() => setCreating(null)}
            />
          ) : null}
          {creating === 'category' ? (
            <CategoryDialog category={null} location={location} onClose={() => setCreating(null)} />
          ) : null}
        </>
      ) : null}
    </Box>
  );
}
