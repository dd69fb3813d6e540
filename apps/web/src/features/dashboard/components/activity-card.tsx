import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import { type BusinessQuery, useHomeAuditLogQuery, useHomeLatestSalesQuery } from '../dashboard.api';
import { formatWhen } from '../home-format';
import { HOME_MESSAGES } from '../home-messages';
import { CardRows } from './card-rows';
import { OverviewCard } from './overview-card';
import { formatCount } from '../../../lib/count';
import { formatMoney } from '../../../lib/money';

export const LOGS_PATH = '/dashboard/logs';

/** The audit log's newest entries: who did what, and when. */
export function AuditActivityCard() {
  const log = useHomeAuditLogQuery();
  return (
    <OverviewCard
      title="Recent activity"
      caption="The latest changes in your business"
      icon={<HistoryOutlinedIcon />}
      to={LOGS_PATH}
      fallbackMessage={HOME_MESSAGES.activityFailed}
      status={{
        isLoading: log.isLoading,
        error: log.error,
        onRetry: () => void log.refetch(),
        isEmpty: log.data?.content.length === 0,
        emptyText: HOME_MESSAGES.noActivity,
      }}
    >
      {log.data ? (
        <CardRows
          label="Latest audit entries"
          rows={log.data.content.map((entry) => ({
            key: entry.id,
            primary: entry.description,
            secondary: `${formatWhen(entry.timestamp)} · ${entry.userEmail ?? 'System'}`,
          }))}
        />
      ) : null}
    </OverviewCard>
  );
}

/**
 * For those who read sales but not the audit log: the newest sales and refunds of every store.
 * The card links to where they come from: the till for those who sell, else the sales figures.
 */
export function SalesActivityCard({ businessQuery, to }: { businessQuery: BusinessQuery; to: string }) {
  const sales = useHomeLatestSalesQuery();
  const currency = businessQuery.data?.currency;
  return (
    <OverviewCard
      title="Latest sales"
      caption="Newest first, every store"
      icon={<PointOfSaleOutlinedIcon />}
      to={to}
      fallbackMessage={HOME_MESSAGES.activityFailed}
      status={{
        isLoading: sales.isLoading || (!currency && !businessQuery.error),
        error: businessQuery.error ?? sales.error,
        onRetry: () => {
          if (businessQuery.error) void businessQuery.refetch();
          if (sales.error) void sales.refetch();
        },
        isEmpty: sales.data?.content.length === 0,
        emptyText: HOME_MESSAGES.noSales,
      }}
    >
      {sales.data && currency ? (
        <CardRows
          label="Latest sales"
          rows={sales.data.content.map((sale) => ({
            key: sale.id,
            primary: sale.storeName || 'Store',
            secondary: `${formatWhen(sale.soldAt)} · ${formatCount(sale.unitsSold)} ${
              Math.abs(sale.unitsSold) === 1 ? 'unit' : 'units'
            }${sale.kind === 'REFUND' ? ' · Refund' : ''}`,
            value: formatMoney(sale.total, currency),
          }))}
        />
      ) : null}
    </OverviewCard>
  );
}
