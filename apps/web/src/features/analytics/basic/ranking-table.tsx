import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TSalesRow } from '@app/contracts';

import { formatMarginPercent } from '../components/analytics-format';
import { useMoneyFormat } from '../components/money';
import { formatCount } from '../../../lib/count';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A short ranking of products: the name (with its SKU under it), what it sold and what it earned. */
export function RankingTable({ rows, label }: { rows: readonly TSalesRow[]; label: string }) {
  const money = useMoneyFormat();
  return (
    <Table size="small" aria-label={label} sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 28, px: 1 }}>#</TableCell>
          <TableCell>Product</TableCell>
          <TableCell align="right" sx={{ width: 64 }}>
            Units
          </TableCell>
          <TableCell align="right" sx={{ width: 120 }}>
            Revenue
          </TableCell>
          <TableCell align="right" sx={{ width: 120 }}>
            Margin
          </TableCell>
          {/* Widths include the cells' padding: 96 px wrapped "Margin %" onto two lines. */}
          <TableCell align="right" sx={{ width: 104 }}>
            Margin %
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={row.sku}>
            <TableCell sx={{ px: 1, color: 'text.secondary' }}>{index + 1}</TableCell>
            <TableCell sx={{ minWidth: 0 }}>
              <Tooltip title={row.productName} placement="top-start">
                <Typography variant="body2" noWrap>
                  {row.productName}
                </Typography>
              </Tooltip>
              <Typography variant="caption" color="text.secondary" noWrap component="p">
                {row.sku}
              </Typography>
            </TableCell>
            <TableCell align="right" sx={numeric}>
              {formatCount(row.quantity)}
            </TableCell>
            <TableCell align="right" sx={numeric}>
              {money.format(row.totalPrice)}
            </TableCell>
            <TableCell align="right" sx={numeric}>
              {money.format(row.margin)}
            </TableCell>
            <TableCell align="right" sx={numeric}>
              {formatMarginPercent(row.marginPercent)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
