import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { isPermitted } from '@app/contracts';
import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../components/page-header';
import { StockTab } from '../features/inventory/stock-tab';
import { MovementsPanel } from '../features/stock-movements/movements-panel';
import { TillTab } from '../features/till/till-tab';
import { selectRoles } from '../session/session.slice';

const TABS = [
  { value: 'stock', label: 'Stock' },
  { value: 'movements', label: 'Movements' },
  { value: 'till', label: 'Till' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

const SUBTITLE = 'Stock per location, the movements between them, and the till of each store.';

function readTab(value: string | null, canSell: boolean): TabValue {
  if (value === 'movements') return 'movements';
  if (value === 'till' && canSell) return 'till';
  return 'stock';
}

/**
 * /dashboard/inventory: the Stock tab (features/inventory), the Movements tab
 * (features/stock-movements) and, for sales:record, the Till tab (features/till), composed here
 * since a feature never imports another. The tab is in the address (`?tab=movements`,
 * `?tab=till`), so a reload or a shared link keeps it; a role that may not sell gets the Stock tab
 * for `?tab=till`.
 */
export function InventoryPage() {
  const [params, setParams] = useSearchParams();
  const canSell = isPermitted(useSelector(selectRoles), 'sales:record');
  const tab = readTab(params.get('tab'), canSell);

  const selectTab = (next: TabValue) => {
    setParams(
      (current) => {
        const following = new URLSearchParams(current);
        if (next === 'stock') following.delete('tab');
        else following.set('tab', next);
        return following;
      },
      { replace: true },
    );
  };

  const renderHeader = (actions: ReactNode) => (
    <PageHeader title="Inventory" subtitle={SUBTITLE} actions={actions} />
  );

  const tabs = (
    <Tabs
      value={tab}
      onChange={(_event, next: TabValue) => selectTab(next)}
      aria-label="Inventory areas"
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {TABS.filter(({ value }) => value !== 'till' || canSell).map(({ value, label }) => (
        <Tab
          key={value}
          value={value}
          label={label}
          id={`inventory-tab-${value}`}
          aria-controls={`inventory-tabpanel-${value}`}
        />
      ))}
    </Tabs>
  );

  const panelProps = {
    role: 'tabpanel',
    id: `inventory-tabpanel-${tab}`,
    'aria-labelledby': `inventory-tab-${tab}`,
  };

  if (tab === 'stock') return <StockTab renderHeader={renderHeader} tabs={tabs} panelProps={panelProps} />;
  if (tab === 'till') return <TillTab renderHeader={renderHeader} tabs={tabs} panelProps={panelProps} />;
  return (
    <Box>
      {renderHeader(null)}
      {tabs}
      <Box {...panelProps}>
        <MovementsPanel />
      </Box>
    </Box>
  );
}
