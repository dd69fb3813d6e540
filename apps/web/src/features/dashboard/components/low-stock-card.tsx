import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import { CARD_ROWS, useHomeLowStockQuery } from '../dashboard.api';

import { HOME_MESSAGES } from '../home-messages';
import { CardCount, CardRows } from './card-rows';
import { OverviewCard } from './overview-card';
import { formatCount } from '../../../lib/count';

export const INVENTORY_PATH = '/dashboard/inventory';

/** Items under their reorder point at any location, the emptiest first. */
export function LowStockCard() {
  const lowStock = useHomeLowStockQuery();
  const data = lowStock.data;
  return (
    <OverviewCard
      title="Low stock"
      caption="Items under their reorder point"
      icon={<WarningAmberOutlinedIcon />}
      to={INVENTORY_PATH}
      fallbackMessage={HOME_MESSAGES.lowStockFailed}
      status={{
        isLoading: lowStock.isLoading,
        error: lowStock.error,
        onRetry: () => void lowStock.refetch(),
        isEmpty: data?.total === 0,
        emptyText: HOME_MESSAGES.noLowStock,
      }}
    >
      {data ? (
        <>
          <CardCount
            count={formatCount(data.total)}
            noun={data.total === 1 ? 'item low' : 'items low'}
            detail={data.total > CARD_ROWS ? `the ${CARD_ROWS} emptiest below` : undefined}
          />
          <CardRows
            label="Low-stock items"
            rows={data.rows.map((row) => ({
              key: row.id,
              primary: row.productName,
              secondary: `${row.locationName} · ${row.sku}`,
              value: formatCount(row.quantity),
              valueDetail: `reorder at ${formatCount(row.reorderPoint ?? 0)}`,
            }))}
          />
        </>
      ) : null}
    </OverviewCard>
  );
}
