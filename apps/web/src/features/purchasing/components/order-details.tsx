import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TPurchaseOrder } from '@app/contracts';
import type { ReactNode } from 'react';
import { formatDay, formatInstant } from '../order-format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Who, where, when: the order's header facts, its dates as far as it has come. */
export function OrderFacts({ order }: { order: TPurchaseOrder }) {
  const ending =
    order.cancelledAt !== null
      ? { label: 'Cancelled', at: order.cancelledAt }
      : order.closedAt !== null
        ? { label: 'Closed', at: order.closedAt }
        : order.receivedAt !== null
          ? { label: 'Received in full', at: order.receivedAt }
          : null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))', gap: 2 }}>
        <Fact label="Supplier">
          {order.supplierName}
          {order.supplierEmail ? (
            <Typography variant="caption" color="text.secondary" component="div">
              {order.supplierEmail}
            </Typography>
          ) : null}
        </Fact>
        <Fact label="Deliver to">{order.locationName}</Fact>
        <Fact label="Expected">{formatDay(order.expectedAt)}</Fact>
        <Fact label="Sent">{order.sentAt ? formatInstant(order.sentAt) : 'Not yet'}</Fact>
        {ending ? (
          <Fact label={ending.label}>{formatInstant(ending.at)}</Fact>
        ) : (
          <Fact label="Created">{formatInstant(order.createdAt)}</Fact>
        )}
        {order.note ? (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Fact label="Note">{order.note}</Fact>
          </Box>
        ) : null}
      </Box>
    </Paper>
  );
}

const headCell = { whiteSpace: 'nowrap' } as const;
const totalCell = { fontWeight: 600, color: 'text.primary', fontSize: 14, whiteSpace: 'nowrap' } as const;

/** The lines as sent: what was ordered, what arrived of it, what was damaged, what is still to come. */
export function OrderLinesTable({
  order,
  money,
}: {
  order: TPurchaseOrder;
  money: (value: string) => string;
}) {
  const { totals } = order;
  // The server leaves the costs out for roles that see none: then so do the columns.
  const showCosts = totals.totalCost !== undefined;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2, pb: 1 }}>
        Lines
      </Typography>
      <TableContainer>
        <Table
          size="small"
          aria-label="Order lines"
          // Eight columns fit the 1024 px shell with half the usual side padding.
          sx={{
            minWidth: 700,
            '& .MuiTableCell-root': { px: 1.25 },
            '& .MuiTableCell-root:first-of-type': { pl: 2 },
          }}
        >
          <TableHead>
            <TableRow>
              <TableCell sx={headCell}>SKU</TableCell>
              <TableCell>Product</TableCell>
              {showCosts ? (
                <TableCell align="right" sx={headCell}>
                  Unit cost
                </TableCell>
              ) : null}
              <TableCell align="right">Ordered</TableCell>
              <TableCell align="right">Received</TableCell>
              <TableCell align="right">Damaged</TableCell>
              <TableCell align="right">Outstanding</TableCell>
              {showCosts ? (
                <TableCell align="right" sx={headCell}>
                  Line total
                </TableCell>
              ) : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {order.lines.map((line) => (
              <TableRow key={line.id}>
                <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>{line.sku}</TableCell>
                <TableCell sx={{ minWidth: 120 }}>{line.productName}</TableCell>
                {showCosts ? (
                  <TableCell align="right" sx={headCell}>
                    {money(line.unitCost ?? '0.00')}
                  </TableCell>
                ) : null}
                <TableCell align="right">{line.quantity}</TableCell>
                <TableCell align="right">{line.receivedQuantity}</TableCell>
                <TableCell align="right" sx={{ color: line.damagedQuantity > 0 ? 'error.main' : undefined }}>
                  {line.damagedQuantity}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: line.outstandingQuantity > 0 ? 600 : undefined }}>
                  {line.outstandingQuantity}
                </TableCell>
                {showCosts ? (
                  <TableCell align="right" sx={headCell}>
                    {money(line.lineCost ?? '0.00')}
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell colSpan={showCosts ? 3 : 2} align="right" sx={totalCell}>
                Total
              </TableCell>
              <TableCell align="right" sx={totalCell}>
                {totals.orderedQuantity}
              </TableCell>
              <TableCell align="right" sx={totalCell}>
                {totals.receivedQuantity}
              </TableCell>
              <TableCell align="right" sx={totalCell}>
                {totals.damagedQuantity}
              </TableCell>
              <TableCell align="right" sx={totalCell}>
                {totals.outstandingQuantity}
              </TableCell>
              {showCosts ? (
                <TableCell align="right" sx={totalCell}>
                  {money(totals.totalCost ?? '0.00')}
                </TableCell>
              ) : null}
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** The deliveries, oldest first, each with its lines, damaged units and notes. */
export function ReceiptsHistory({ order }: { order: TPurchaseOrder }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Deliveries
      </Typography>
      {order.receipts.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {order.status === 'DRAFT'
            ? 'Deliveries are received once the order is sent.'
            : order.status === 'CANCELLED' || order.status === 'CLOSED'
              ? 'Nothing arrived for this order.'
              : 'Nothing has arrived yet. Receive a delivery when it comes in.'}
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {order.receipts.map((receipt, index) => {
            const units = receipt.lines.reduce((sum, line) => sum + line.quantity, 0);
            return (
              <Box
                component="li"
                key={receipt.receiptId}
                aria-label={`Delivery ${index + 1}`}
                sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  Delivery {index + 1} · {formatInstant(receipt.receivedAt)} · {units}{' '}
                  {units === 1 ? 'unit' : 'units'}
                </Typography>
                {receipt.lines.map((line) => (
                  <Typography key={line.lineId} variant="body2" color="text.secondary">
                    {line.sku} {line.productName}: {line.quantity} arrived
                    {line.damaged > 0 ? `, ${line.damaged} damaged` : ''}
                    {line.note ? ` · “${line.note}”` : ''}
                  </Typography>
                ))}
              </Box>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}
