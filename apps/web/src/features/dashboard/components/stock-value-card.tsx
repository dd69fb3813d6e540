import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { formatCount } from '../../../lib/count';
import { formatMoney } from '../../../lib/money';
import { CARD_ROWS, useHomeStockValueQuery, type BusinessQuery } from '../dashboard.api';
import { HOME_MESSAGES } from '../home-messages';
import { CardCount, CardRows } from './card-rows';
import { OverviewCard } from './overview-card';
import { INVENTORY_PATH } from './low-stock-card';

/**
 * What the stock is worth at average cost, in all and for the locations holding the most of it;
 * the selling price's value beside it. Items without a known cost are named, as they are left out.
 */
export function StockValueCard({ businessQuery }: { businessQuery: BusinessQuery }) {
  const value = useHomeStockValueQuery();
  const currency = businessQuery.data?.currency ?? 'USD';
  const data = value.data;
  const held = data?.locations.filter((location) => location.units > 0) ?? [];
  const uncosted = data?.total.uncostedItems ?? 0;
  return (
    <OverviewCard
      title="Stock value"
      caption="Units on hand at their average cost"
      icon={<Inventory2OutlinedIcon />}
      to={INVENTORY_PATH}
      fallbackMessage={HOME_MESSAGES.stockValueFailed}
      status={{
        isLoading: value.isLoading || (!businessQuery.data && !businessQuery.error),
        error: value.error ?? businessQuery.error,
        onRetry: () => {
          if (businessQuery.error) void businessQuery.refetch();
          void value.refetch();
        },
        isEmpty: data?.total.units === 0,
        emptyText: HOME_MESSAGES.noStockValue,
      }}
    >
      {data ? (
        <>
          <CardCount
            count={formatMoney(data.total.value, currency)}
            noun="at cost"
            detail={
              `${formatMoney(data.total.retailValue, currency)} at price · ${formatCount(data.total.units)} ` +
              `${data.total.units === 1 ? 'unit' : 'units'}` +
              (uncosted > 0
                ? ` · ${formatCount(uncosted)} ${uncosted === 1 ? 'item' : 'items'} without a cost`
                : '')
            }
          />
          <CardRows
            label="Stock value by location"
            rows={held.slice(0, CARD_ROWS).map((location) => ({
              key: location.locationId,
              primary: location.locationName,
              secondary: `${formatCount(location.units)} ${location.units === 1 ? 'unit' : 'units'} · ${location.usedBy === 'STORE' ? 'Store' : location.usedBy === 'WAREHOUSE' ? 'Warehouse' : 'Location'}`,
              value: formatMoney(location.value, currency),
              valueDetail: `${formatMoney(location.retailValue, currency)} at price`,
            }))}
          />
        </>
      ) : null}
    </OverviewCard>
  );
}
