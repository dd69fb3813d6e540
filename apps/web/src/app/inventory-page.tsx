import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../components/page-header';
import { StockTab } from '../features/inventory/stock-tab';
import { MovementsPanel } from '../features/stock-movements/movements-panel';

const TABS = [
  { value: 'stock', label: 'Stock' },
  { value: 'movements', label: 'Movements' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

const SUBTITLE = 'Stock per location and the movements between them.';

/**
 * /dashboard/inventory: the Stock tab (features/inventory) and the Movements tab
 * (features/stock-movements), composed here since a feature never imports another. The tab is in
 * the address (`?tab=movements`), so a reload or a shared link keeps it.
 */
export function InventoryPage() {
  const [params, setParams] = useSearchParams();
  const tab: TabValue = params.get('tab') === 'movements' ? 'movements' : 'stock';

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
      {TABS.map(({ value, label }) => (
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
