import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TTrendRow } from '@app/contracts';
import { formatShortDay } from '../home-format';
import { formatMoney } from '../../../lib/money';

/** How many days the home's small chart shows, today the last. */
export const SALES_DAYS = 14;

const HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/**
 * The last days' sales as plain bars, today in full colour: a glance at the trend on the home
 * without loading the charts library into the first screen after sign-in (the Basic analytics
 * card it links to has the full chart). The same figures are a table for screen readers.
 */
export function SalesDaysChart({ rows, currency }: { rows: readonly TTrendRow[]; currency: string }) {
  const best = Math.max(...rows.map((row) => Number(row.totalSales)), 0);
  if (rows.length === 0 || best <= 0) return null;
  const title = `Sales of the last ${rows.length} days`;

  return (
    <Box>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.5 }}>
        Last {rows.length} days
      </Typography>
      <Box
        aria-hidden="true"
        sx={{ display: 'flex', alignItems: 'flex-end', gap: '3px', height: 64, mt: 0.5 }}
      >
        {rows.map((row, index) => {
          const isToday = index === rows.length - 1;
          const share = Math.max(0, Number(row.totalSales)) / best;
          return (
            <Tooltip
              key={row.period}
              title={`${formatShortDay(row.period)}: ${formatMoney(row.totalSales, currency)}`}
              placement="top"
            >
              <Box sx={{ flex: 1, height: '100%', display: 'flex', alignItems: 'flex-end' }}>
                <Box
                  data-testid="sales-day-bar"
                  sx={{
                    width: '100%',
                    // A day without sales still shows where it is.
                    height: `max(2px, ${share * 100}%)`,
                    borderRadius: '2px 2px 0 0',
                    bgcolor: 'primary.main',
                    opacity: isToday ? 1 : 0.55,
                  }}
                />
              </Box>
            </Tooltip>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }} aria-hidden="true">
        <Typography variant="caption" color="text.secondary">
          {formatShortDay(rows[0]?.period ?? '')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          Today
        </Typography>
      </Box>
      <Box component="table" sx={HIDDEN}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Sales</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.period}>
              <th scope="row">{formatShortDay(row.period)}</th>
              <td>{formatMoney(row.totalSales, currency)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
