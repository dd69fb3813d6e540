import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TReportTable } from '@app/contracts';
import { useId } from 'react';
import { NO_DATA_TEXT } from '../../../components/data-table/data-table';
import { useMoneyFormat } from '../components/money';
import { formatCell, isNumericColumn } from './report-format';
import { useOverflow } from './use-overflow';

/** Past this many rows the table scrolls inside its own box, its header kept in view. */
const SCROLL_AFTER_ROWS = 12;
/**
 * Names and places keep at least this width: at 1024 px a table of seven columns otherwise gives
 * them a word a line ("Demo / Market / Riverside") while the numbers keep whole lines.
 */
const TEXT_MIN_WIDTH = '8rem';

type ReportTableProps = {
  table: TReportTable;
  /** Tables inside a report sit under its h2. */
  headingLevel?: 'h3' | 'h4';
};

/**
 * One table of a report: compact, numbers right-aligned in tabular figures, money in the business's
 * currency, percents with their sign, the server's note under it. A wide table scrolls sideways in
 * its box, so the page keeps the 1024 px shell; a box that scrolls takes keyboard focus, so the
 * rows below its fold can be reached without a mouse.
 */
export function ReportTable({ table, headingLevel = 'h3' }: ReportTableProps) {
  const money = useMoneyFormat();
  const titleId = useId();
  const isLong = table.rows.length > SCROLL_AFTER_ROWS;
  const [boxRef, isOverflowing] = useOverflow<HTMLDivElement>();
  const isScrollable = isLong || isOverflowing;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography id={titleId} variant="subtitle2" component={headingLevel} sx={{ mb: 0.5 }}>
        {table.title}
      </Typography>
      <TableContainer
        ref={boxRef}
        // Named apart from the table (and from a report of the same title), as the data table does.
        {...(isScrollable && { tabIndex: 0, role: 'region', 'aria-label': `${table.title}, scrollable` })}
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflowX: 'auto',
          ...(isLong && { maxHeight: 420 }),
          // 12 px a side, not 16: seven columns fit the 1024 px shell with the names on fewer lines.
          '& .MuiTableCell-root': { px: 1.5 },
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Table size="small" stickyHeader={isLong} aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              {table.columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={isNumericColumn(column.type) ? 'right' : 'left'}
                  // Long labels wrap: a nowrap header of a narrow number column squeezes the names.
                  sx={{
                    fontWeight: 600,
                    verticalAlign: 'bottom',
                    ...(column.type === 'text' && column.key !== 'sku' && { minWidth: TEXT_MIN_WIDTH }),
                  }}
                >
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {table.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={Math.max(1, table.columns.length)} align="center" sx={{ py: 3 }}>
                  <Typography variant="body2" color="text.secondary">
                    {NO_DATA_TEXT}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              table.rows.map((row, rowIndex) => (
                // Rows have no id of their own; their order is the report's and never changes.
                <TableRow key={rowIndex} hover>
                  {table.columns.map((column, columnIndex) => {
                    const isNumeric = isNumericColumn(column.type);
                    return (
                      <TableCell
                        key={column.key}
                        align={isNumeric ? 'right' : 'left'}
                        sx={
                          isNumeric || column.type === 'date'
                            ? { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }
                            : column.key === 'sku'
                              ? { whiteSpace: 'nowrap' }
                              : undefined
                        }
                      >
                        {formatCell(row[columnIndex] ?? null, column.type, money)}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {table.note ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {table.note}
        </Typography>
      ) : null}
    </Box>
  );
}
