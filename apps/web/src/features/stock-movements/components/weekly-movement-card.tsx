import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { MOVEMENT_MESSAGES } from '../messages';
import { formatWeek } from '../movement-format';
import { useGetWeeklyMovementQuery } from '../stock-movements.api';

const CHART_HEIGHT = 260;

const WeeklyMovementChart = lazy(() =>
  import('./weekly-movement-chart').then((module) => ({ default: module.WeeklyMovementChart })),
);

/** Out of sight, still read: a table sizes to its content, so the box around it is clipped. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function ChartSkeleton() {
  return (
    <Box role="status" aria-label="Loading the weekly movement">
      <Skeleton variant="rounded" height={CHART_HEIGHT} />
    </Box>
  );
}

/**
 * The weekly movement of the business: units that left a location and units that arrived, per
 * week over the last 8 weeks. The chart can be walked with the arrow keys; the same numbers are
 * in a table for screen readers, which gives the whole picture at once.
 */
/**
 * Out counts units when they leave the source, in when they arrive: units still on their way, or
 * returned by a cancelled transfer, make out higher than in, which looked like missing stock.
 */
const UNEVEN_WEEKS =
  'Units on their way, or returned to the source by a cancelled transfer, count as sent only.';

export function WeeklyMovementCard() {
  const titleId = useId();
  const weekly = useGetWeeklyMovementQuery();
  const weeks = weekly.data ?? [];
  const hasMovement = weeks.some((week) => week.unitsIn > 0 || week.unitsOut > 0);

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 2, position: 'relative' }}
    >
      <Typography id={titleId} variant="h6" component="h2">
        Weekly movement
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Units sent and received per week, last 8 weeks. {UNEVEN_WEEKS}
      </Typography>
      {weekly.isLoading ? <ChartSkeleton /> : null}
      {weekly.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void weekly.refetch()}>
              Retry
            </Button>
          }
        >
          {getErrorMessage(weekly.error, MOVEMENT_MESSAGES.weekly)}
        </Alert>
      ) : null}
      {weekly.isSuccess && !hasMovement ? (
        <Box
          sx={{
            height: 120,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: 'text.secondary',
          }}
        >
          <Typography>No stock moved in the last 8 weeks.</Typography>
        </Box>
      ) : null}
      {weekly.isSuccess && hasMovement ? (
        <>
          <Suspense fallback={<ChartSkeleton />}>
            <WeeklyMovementChart weeks={weeks} />
          </Suspense>
          <Box sx={visuallyHidden}>
            <table>
              <caption>Units sent and received per week</caption>
              <thead>
                <tr>
                  <th scope="col">Week starting</th>
                  <th scope="col">Units out</th>
                  <th scope="col">Units in</th>
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week.weekStart}>
                    <th scope="row">{formatWeek(week.weekStart)}</th>
                    <td>{week.unitsOut}</td>
                    <td>{week.unitsIn}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Box>
        </>
      ) : null}
    </Paper>
  );
}
