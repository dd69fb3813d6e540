import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ANALYTICS_INTERVALS, type AnalyticsInterval, type TTrendRow } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { intervalFor, lastDays, type DayRange } from '../analytics-range';
import { useProductTrendQuery } from '../analytics.api';
import { AnalyticsCard, EmptyNote, QueryView } from '../components/analytics-state';
import { useListAnalyticsStoresQuery } from '../components/analytics-choices.api';
import { useMoneyFormat } from '../components/money';
import { RangePicker } from '../components/range-picker';
import { TrendChart } from '../components/trend-chart';
import {
  isNoDataTrend,
  toProductTrendQuery,
  withNoDataTrend,
  type ProductCodeKind,
  type ProductTrendRequest,
} from './product-trend';
import { useLockOnRefusal } from './tier-access';

export const PRODUCT_TREND_MESSAGE = 'Failed to fetch product sales trend';
export const NO_DATA_TREND_TEXT =
  'This product sold nothing at this store in the range. Check the SKU or barcode, or pick a longer range.';

const trendLabel = (code: string, storeName: string) => `Sales of ${code.trim()} at ${storeName}`;

const INTERVAL_LABELS: Record<AnalyticsInterval, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** The 'No Data' trend: a calm empty chart, and the substituted row in its table alternative. */
function NoDataTrend({ row }: { row: TTrendRow }) {
  const money = useMoneyFormat();
  const [asTable, setAsTable] = useState(false);
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 0.5 }}>
        <Button size="small" onClick={() => setAsTable((shown) => !shown)}>
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </Box>
      {asTable ? (
        <Table size="small" aria-label="Product sales trend">
          <TableHead>
            <TableRow>
              <TableCell>Period</TableCell>
              <TableCell align="right">Sales</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              <TableCell component="th" scope="row">
                {row.period}
              </TableCell>
              <TableCell align="right">{money.format(row.totalSales)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      ) : (
        <Box
          role="figure"
          aria-label="Product sales trend: No Data"
          sx={{ border: 1, borderColor: 'divider', borderStyle: 'dashed', borderRadius: 1 }}
        >
          <EmptyNote text={NO_DATA_TREND_TEXT} minHeight={220} />
        </Box>
      )}
    </Box>
  );
}

/**
 * `/product-trend` (ANALYTICS_ADVANCED): one product's sales at one store over time. The product
 * is named by SKU or by barcode as typed at the till; the call waits for "Show trend".
 */
export function ProductTrendPanel({ onLocked }: { onLocked: () => void }) {
  const stores = useListAnalyticsStoresQuery();
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
  const [storeId, setStoreId] = useState('');
  const [kind, setKind] = useState<ProductCodeKind>('sku');
  const [code, setCode] = useState('');
  const [interval, setInterval] = useState<AnalyticsInterval>(() => intervalFor(lastDays(30)));
  const [codeError, setCodeError] = useState<string | null>(null);
  const [asked, setAsked] = useState<ProductTrendRequest | null>(null);
  const chosenStore = storeId || stores.data?.[0]?.id || '';

  const trend = useProductTrendQuery(
    asked ? toProductTrendQuery(asked) : { start: '', end: '', storeId: '' },
    {
      skip: asked === null,
    },
  );

  useLockOnRefusal(trend.error, onLocked);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setCodeError(kind === 'sku' ? 'Type the SKU.' : 'Type or scan the barcode.');
      return;
    }
    setAsked({ range, storeId: chosenStore, kind, code, interval });
  };

  const rows = withNoDataTrend(trend.data);
  const storeName = stores.data?.find((store) => store.id === asked?.storeId)?.name ?? '';

  return (
    <AnalyticsCard title="Product trend" subtitle="One product's sales at one store, by day, week or month.">
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label="Product trend"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
      >
        <RangePicker value={range} onChange={setRange} />
        <TextField
          select
          label="Store"
          value={chosenStore}
          onChange={(event) => setStoreId(event.target.value)}
          disabled={!stores.data?.length}
          error={stores.isError}
          helperText={stores.isError ? getErrorMessage(stores.error) : undefined}
          // A long name is cut in the field: whole on hover, and wrapped in the menu.
          title={stores.data?.find((store) => store.id === chosenStore)?.name}
          sx={{ width: 200 }}
        >
          {(stores.data ?? []).map((store) => (
            <MenuItem key={store.id} value={store.id} sx={{ maxWidth: 420, whiteSpace: 'normal' }}>
              {store.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Find by"
          value={kind}
          onChange={(event) => setKind(event.target.value as ProductCodeKind)}
          sx={{ width: 120 }}
        >
          <MenuItem value="sku">SKU</MenuItem>
          <MenuItem value="barcode">Barcode</MenuItem>
        </TextField>
        <TextField
          label={kind === 'sku' ? 'SKU' : 'Barcode'}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setCodeError(null);
          }}
          error={codeError !== null}
          helperText={codeError ?? undefined}
          sx={{ width: 180 }}
        />
        <TextField
          select
          label="Interval"
          value={interval}
          onChange={(event) => setInterval(event.target.value as AnalyticsInterval)}
          sx={{ width: 120 }}
        >
          {ANALYTICS_INTERVALS.map((value) => (
            <MenuItem key={value} value={value}>
              {INTERVAL_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={!chosenStore} sx={{ mt: 1 }}>
          Show trend
        </Button>
      </Box>
      {asked === null ? (
        <EmptyNote text="Pick a store, type a SKU or barcode and press Show trend." minHeight={220} />
      ) : (
        <QueryView
          status={trend}
          isEmpty={false}
          emptyText=""
          height={280}
          loadingLabel="Loading product trend"
          fallbackError={PRODUCT_TREND_MESSAGE}
        >
          {/* The chart's name on screen too: the fields above may already ask for another product. */}
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {trendLabel(asked.code, storeName)}
          </Typography>
          {isNoDataTrend(rows) ? (
            <NoDataTrend row={rows[0]!} />
          ) : (
            <TrendChart
              rows={rows}
              interval={asked.interval}
              label={trendLabel(asked.code, storeName)}
              emptyText={NO_DATA_TREND_TEXT}
            />
          )}
        </QueryView>
      )}
    </AnalyticsCard>
  );
}
