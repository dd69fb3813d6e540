import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TSalesTotals } from '@app/contracts';

import { formatMarginPercent } from '../components/analytics-format';
import { useMoneyFormat } from '../components/money';
import { formatCount } from '../../../lib/count';

const LABELS = ['Total sales', 'Margin', 'Transactions', 'Units sold', 'Average basket'] as const;

type Figure = { label: (typeof LABELS)[number]; value: string; hint: string };

type TotalsCardsProps = {
  totals: TSalesTotals | undefined;
  isLoading: boolean;
  isFetching: boolean;
};

/**
 * The range's headline figures; each card is a labelled group with its number and what it counts.
 * The margin sits beside the sales total it is taken from, its percent of that total under it.
 */
export function TotalsCards({ totals, isLoading, isFetching }: TotalsCardsProps) {
  const money = useMoneyFormat();
  const figures: Figure[] = totals
    ? [
        { label: 'Total sales', value: money.format(totals.totalSales), hint: 'Net of refunds' },
        {
          label: 'Margin',
          value: money.format(totals.margin),
          // Without sales there is no percent: the hint says what the figure is instead.
          hint:
            totals.marginPercent === null
              ? 'Sales less cost'
              : `${formatMarginPercent(totals.marginPercent)} of sales`,
        },
        { label: 'Transactions', value: formatCount(totals.transactions), hint: 'Sales made' },
        { label: 'Units sold', value: formatCount(totals.unitsSold), hint: 'Net of refunds' },
        { label: 'Average basket', value: money.format(totals.averageBasket), hint: 'Per transaction' },
      ]
    : [];
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      {isLoading || !totals
        ? LABELS.map((label) => (
            <Skeleton
              key={label}
              variant="rounded"
              height={104}
              aria-label={`Loading ${label.toLowerCase()}`}
            />
          ))
        : figures.map((figure) => (
            <Paper
              key={figure.label}
              variant="outlined"
              role="group"
              aria-label={figure.label}
              // The card is the figure's container: a year's total at 1024 px ("$1,584,626.94")
              // shrinks to fit its quarter of the row instead of ending in an ellipsis.
              sx={{ p: 2, minWidth: 0, opacity: isFetching ? 0.6 : 1, containerType: 'inline-size' }}
            >
              <Typography variant="body2" color="text.secondary">
                {figure.label}
              </Typography>
              <Typography
                variant="h4"
                component="p"
                noWrap
                title={figure.value}
                sx={{
                  fontVariantNumeric: 'tabular-nums',
                  fontWeight: 600,
                  my: 0.5,
                  fontSize: 'clamp(0.9375rem, 11.5cqi, 1.25rem)',
                }}
              >
                {figure.value}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {figure.hint}
              </Typography>
            </Paper>
          ))}
    </Box>
  );
}
