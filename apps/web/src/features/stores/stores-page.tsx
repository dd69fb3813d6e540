import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { LocationsTab } from './components/locations-tab';
import { StoresTab } from './components/stores-tab';

const TABS = [
  { value: 'stores', label: 'Stores' },
  { value: 'locations', label: 'Locations' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

const TITLE = 'Stores & Locations';
const SUBTITLE =
  'Your places of business, each serving one store or one warehouse, and the stores you sell from.';

/**
 * /dashboard/stores: the Stores and Locations tabs. The tab is in the address (`?tab=locations`),
 * so a link can open either and the browser's back button returns to the other.
 */
export function StoresPage() {
  const [params, setParams] = useSearchParams();
  const tab: TabValue = params.get('tab') === 'locations' ? 'locations' : 'stores';

  const tabs = (
    <Tabs
      value={tab}
      onChange={(_event, next: TabValue) => setParams(next === 'stores' ? {} : { tab: next })}
      aria-label="Stores and locations"
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {TABS.map(({ value, label }) => (
        <Tab
          key={value}
          value={value}
          label={label}
          id={`stores-tab-${value}`}
          aria-controls="stores-tabpanel"
        />
      ))}
    </Tabs>
  );

  // Each tab brings its own header actions (Add store, or Nearby and Add location).
  const Panel = tab === 'stores' ? StoresTab : LocationsTab;
  const panelProps = { role: 'tabpanel', id: 'stores-tabpanel', 'aria-labelledby': `stores-tab-${tab}` };
  return <Panel title={TITLE} subtitle={SUBTITLE} tabs={tabs} panelProps={panelProps} />;
}
