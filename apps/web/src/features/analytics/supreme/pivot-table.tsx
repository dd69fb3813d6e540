import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMoneyFormat } from '../components/money';
import type { Pivot } from './pivot';

type PivotTableProps = { pivot: Pivot; rowLabel: string; caption: string };

const NUMBER_SX = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** The row names stay in view while the months scroll sideways. */
const STICKY_SX = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;
const TOTAL_SX = { fontWeight: 600 } as const;

/**
 * The pivot as a table: one row per group, one column per month or store, a Total column and a
 * Totals row. Wide pivots scroll inside their own region (a named tab stop, for the keyboard),
 * never the page.
 */
export function PivotTable({ pivot, rowLabel, caption }: PivotTableProps) {
  const money = useMoneyFormat();
  const cell = (cents: number | undefined) => (cents === undefined ? '—' : money.format(cents));
  return (
    <TableContainer
      role="region"
      aria-label={`${caption}, scrollable`}
      tabIndex={0}
      sx={{
        maxHeight: 560,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      <Table size="small" stickyHeader aria-label={caption}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...STICKY_SX, zIndex: 3 }}>{rowLabel}</TableCell>
            {pivot.columns.map((column) => (
              <TableCell key={column.key} align="right" sx={{ whiteSpace: 'nowrap' }}>
                {column.label}
              </TableCell>
            ))}
            <TableCell align="right" sx={TOTAL_SX}>
              Total
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {pivot.rows.map((row) => (
            <TableRow key={row.id} hover>
              <TableCell component="th" scope="row" sx={{ ...STICKY_SX, maxWidth: 220 }}>
                <Tooltip title={row.label} placement="bottom-start">
                  <Typography variant="body2" noWrap>
                    {row.label}
                  </Typography>
                </Tooltip>
              </TableCell>
              {pivot.columns.map((column) => (
                <TableCell key={column.key} align="right" sx={NUMBER_SX}>
                  {cell(row.cells[column.key])}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ ...NUMBER_SX, ...TOTAL_SX }}>
                {money.format(row.total)}
              </TableCell>
            </TableRow>
          ))}
          <TableRow sx={{ '& > *': { borderTop: 2, borderTopColor: 'divider' } }}>
            <TableCell component="th" scope="row" sx={{ ...STICKY_SX, ...TOTAL_SX }}>
              Total
            </TableCell>
            {pivot.columns.map((column) => (
              <TableCell key={column.key} align="right" sx={{ ...NUMBER_SX, ...TOTAL_SX }}>
                {money.format(pivot.columnTotals[column.key] ?? 0)}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ ...NUMBER_SX, ...TOTAL_SX }}>
              {money.format(pivot.grandTotal)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
