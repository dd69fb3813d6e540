import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TStockRow } from '@app/contracts';
import type { ReactNode } from 'react';

/** Which item a dialog works on: product, SKU, location and what is in stock now. */
export function ItemSummary({ item, locationName }: { item: TStockRow; locationName: string }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography sx={{ fontWeight: 600 }}>{item.productName}</Typography>
      <Typography variant="body2" color="text.secondary">
        {item.sku} at {locationName} · {item.quantity} in stock
      </Typography>
    </Box>
  );
}

/** "12 → 17": the quantity before and after, for the dialogs' preview. */
export function QuantityChange({
  label,
  from,
  to,
  note,
}: {
  label: string;
  from: number;
  to: number;
  note?: ReactNode;
}) {
  const delta = to - from;
  return (
    <Box
      aria-live="polite"
      sx={{
        display: 'flex',
        alignItems: 'baseline',
        gap: 1,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
        gridColumn: '1 / -1',
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="span">
        {from} →{' '}
        <Box component="strong" sx={{ color: to < 0 ? 'error.main' : 'text.primary' }}>
          {to}
        </Box>
      </Typography>
      <Typography
        variant="body2"
        component="span"
        sx={{
          color: delta > 0 ? 'success.main' : delta < 0 ? 'error.main' : 'text.secondary',
          minWidth: 48,
          textAlign: 'right',
        }}
      >
        {formatDelta(delta)}
      </Typography>
      {note}
    </Box>
  );
}

/** A change with its sign: "+5", "−3" (a true minus sign), "0". */
export function formatDelta(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `−${-delta}`;
  return '0';
}
