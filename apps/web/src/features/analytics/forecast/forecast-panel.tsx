import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FORECAST_DEFAULT_DAYS,
  PLANS,
  type TReport,
  type TReportProduct,
  type TReportFilter,
} from '@app/contracts';
import { useCallback, useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { Loading } from '../../../components/loading';
import { useLockOnRefusal, usePlanFeature } from '../advanced/tier-access';
import { AnalyticsCard, EmptyNote, LockedPanel } from '../components/analytics-state';
import { lowestPlanWith } from '../components/analytics-tiers';
import { StorePicker } from '../components/store-picker';
import { ReportView } from '../reports/report-view';
import { REPORT_MESSAGES, usePredictDemandMutation } from '../reports/reports.api';
import { ProductPicker } from './product-picker';

/** The horizons offered, in days (the server takes 7 to 180). */
export const FORECAST_PERIODS = [7, 14, 30, 60, 90, 180] as const;
export const FORECAST_WORKING_TEXT = 'Forecasting…';

function Forecasting() {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {FORECAST_WORKING_TEXT}
      </Typography>
      <Skeleton variant="rounded" height={104} />
      <Skeleton variant="rounded" height={280} />
    </Box>
  );
}

/** What the form asks for: the business, one store, or one product at one store. */
export function forecastFilter(storeId: string | null, product: TReportProduct | null): TReportFilter {
  if (storeId === null) return {};
  return product ? { storeId, productId: product.id } : { storeId };
}

/**
 * The Forecast panel (FORECAST): daily demand of the business, a store or one product over the
 * next 7 to 180 days, with its 80% interval, the model and its back-test error, and what to order.
 * A plan without forecasts shows the locked state instead of the form; a role that cannot read the
 * plan finds out from the server's refusal, which opens 'Feature Locked' once.
 */
export function ForecastPanel() {
  const access = usePlanFeature('FORECAST');
  const [isRefused, setIsRefused] = useState(false);
  const lock = useCallback(() => setIsRefused(true), []);
  const [storeId, setStoreId] = useState<string | null>(null);
  const [product, setProduct] = useState<TReportProduct | null>(null);
  const [days, setDays] = useState<number>(FORECAST_DEFAULT_DAYS);
  const [predict, { isLoading }] = usePredictDemandMutation();
  const [report, setReport] = useState<TReport | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  useLockOnRefusal(failure, lock);

  if (access === 'checking') return <Loading />;
  if (access === 'locked' || isRefused)
    return <LockedPanel planName={PLANS[lowestPlanWith('FORECAST')].name} feature="Forecasting" />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    try {
      setReport(await predict({ forecastPeriod: days, filter: forecastFilter(storeId, product) }).unwrap());
    } catch (error) {
      setFailure(error);
    }
  };

  let result;
  if (isLoading) result = <Forecasting />;
  else if (failure)
    result = <Alert severity="error">{getErrorMessage(failure, REPORT_MESSAGES.forecast)}</Alert>;
  else if (report) result = <ReportView report={report} />;
  else
    result = (
      <EmptyNote
        text="Pick the business, a store or one of its products, and how far ahead, then press Forecast."
        minHeight={160}
      />
    );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <AnalyticsCard
        title="Forecast"
        subtitle="Daily demand ahead with an 80% interval, by the model that did best on the last four weeks, and what to order."
      >
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-label="Forecast"
          // Store and product share what the period and the button leave: at 1024 px a store's
          // name still reads whole ("Demo Market Old Town").
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1.2fr) minmax(0, 1fr) 11rem auto',
            gap: 1.5,
            alignItems: 'start',
            maxWidth: 960,
          }}
        >
          <StorePicker
            width="100%"
            value={storeId}
            onChange={(next) => {
              setStoreId(next);
              // A product belongs to its store's location: another store forgets it.
              setProduct(null);
            }}
          />
          <ProductPicker storeId={storeId} value={product} onChange={setProduct} width="100%" />
          <TextField
            select
            label="Period"
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
          >
            {FORECAST_PERIODS.map((period) => (
              <MenuItem key={period} value={period}>
                {`Next ${period} days`}
              </MenuItem>
            ))}
          </TextField>
          <Button
            type="submit"
            variant="contained"
            // Not `disabled`: a disabled button drops the keyboard focus to the top of the page.
            aria-disabled={isLoading || undefined}
            sx={{ height: 40, ...(isLoading && { opacity: 0.6, cursor: 'progress' }) }}
          >
            Forecast
          </Button>
        </Box>
      </AnalyticsCard>
      {result}
    </Box>
  );
}
