import { BarChart } from '@mui/x-charts/BarChart';
import type { TWeeklyMovement } from '@app/contracts';
import { formatWeek } from '../movement-format';

export const CHART_HEIGHT = 260;

/**
 * Units out and in per week as grouped bars (MUI X Charts). Its own module, loaded when the
 * Movements tab first shows the chart: the charting library weighs more than the rest of the tab.
 */
export function WeeklyMovementChart({ weeks }: { weeks: readonly TWeeklyMovement[] }) {
  return (
    <BarChart
      height={CHART_HEIGHT}
      xAxis={[
        {
          scaleType: 'band',
          data: weeks.map((week) => formatWeek(week.weekStart)),
          label: 'Week starting',
        },
      ]}
      yAxis={[{ label: 'Units', width: 56, tickMinStep: 1 }]}
      series={[
        { data: weeks.map((week) => week.unitsOut), label: 'Units out', id: 'out' },
        { data: weeks.map((week) => week.unitsIn), label: 'Units in', id: 'in' },
      ]}
      slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
      margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
    />
  );
}
