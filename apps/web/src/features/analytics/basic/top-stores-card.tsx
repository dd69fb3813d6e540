import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { toCents } from '../../../lib/money';
import { rangeParams, type DayRange } from '../analytics-range';
import { useStoresTopQuery } from '../analytics.api';

import { AnalyticsCard, QueryView } from '../components/analytics-state';
import { useMoneyFormat } from '../components/money';
import { RANKING_LIMIT } from './use-basic-queries';
import { formatCount } from '../../../lib/count';

export const NO_STORE_SALES = 'No store sold anything in this period. Pick a longer range.';
/** A store deleted since keeps its figures but has no name any more. */
const DELETED_STORE = 'Deleted store';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The business's best stores of the range (a business-wide call: shown for All stores only). A
 * bar under each name shows its share of the best store's sales, which a table alone hides.
 */
export function TopStoresCard({ range }: { range: DayRange }) {
  const money = useMoneyFormat();
  const stores = useStoresTopQuery({ ...rangeParams(range), limit: RANKING_LIMIT });
  const rows = stores.data ?? [];
  const best = Math.max(1, ...rows.map((row) => toCents(row.totalSales)));

  return (
    <AnalyticsCard title="Top stores" subtitle="Stores by sales in this period.">
      <QueryView
        status={stores}
        isEmpty={rows.length === 0}
        emptyText={NO_STORE_SALES}
        height={200}
        loadingLabel="Loading top stores"
      >
        <Table size="small" aria-label="Top stores by sales" sx={{ tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              <TableCell>Store</TableCell>
              <TableCell align="right" sx={{ width: 96 }}>
                Sales
              </TableCell>
              <TableCell align="right" sx={{ width: 64 }}>
                <Tooltip title="Transactions">
                  <span>Trans.</span>
                </Tooltip>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const name = row.storeName || DELETED_STORE;
              const share = Math.max(0, toCents(row.totalSales) / best);
              return (
                <TableRow key={row.storeId}>
                  <TableCell>
                    <Tooltip title={name} placement="top-start">
                      <Typography variant="body2" noWrap>
                        {name}
                      </Typography>
                    </Tooltip>
                    <Box
                      aria-hidden="true"
                      sx={{
                        mt: 0.5,
                        height: 4,
                        borderRadius: 2,
                        bgcolor: 'action.hover',
                        overflow: 'hidden',
                      }}
                    >
                      <Box sx={{ height: '100%', width: `${share * 100}%`, bgcolor: 'primary.main' }} />
                    </Box>
                  </TableCell>
                  <TableCell align="right" sx={numeric}>
                    {money.format(row.totalSales)}
                  </TableCell>
                  <TableCell align="right" sx={numeric}>
                    {formatCount(row.transactions)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </QueryView>
    </AnalyticsCard>
  );
}
