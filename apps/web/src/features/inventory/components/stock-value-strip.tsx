import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TLocation } from '@app/contracts';
import { useBusinessCurrency } from '../../../hooks/use-business-currency';
import { formatCount } from '../../../lib/count';
import { formatMoney } from '../../../lib/money';
import { useGetStockValueQuery } from '../inventory.api';

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.25rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
      {detail ? (
        <Typography variant="caption" color="text.secondary" component="div">
          {detail}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * What the location's stock is worth, above its table: at average cost (the moving average of
 * receipts, else the cost price), at price, and how many items have no cost yet. Shown to those who
 * see costs (inventory:value); a failed read hides the strip rather than the table.
 */
export function StockValueStrip({ location }: { location: TLocation }) {
  const currency = useBusinessCurrency();
  const value = useGetStockValueQuery(location.id);
  if (value.isError) return null;
  const total = value.data?.total;
  return (
    <Box
      component="section"
      aria-label={`Stock value at ${location.name}`}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
        gap: 2,
        mb: 2,
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      {total ? (
        <>
          <Figure label="Stock value at cost" value={formatMoney(total.value, currency)} />
          <Figure label="At selling price" value={formatMoney(total.retailValue, currency)} />
          <Figure
            label="Units on hand"
            value={formatCount(total.units)}
            detail={`${formatCount(total.items)} ${total.items === 1 ? 'item' : 'items'} with stock`}
          />
          <Figure
            label="Without a cost"
            value={formatCount(total.uncostedItems)}
            detail={
              total.uncostedItems > 0 ? 'Left out of the value: add a cost price' : 'Every item has a cost'
            }
          />
        </>
      ) : (
        [0, 1, 2, 3].map((key) => <Skeleton key={key} variant="rounded" height={52} />)
      )}
    </Box>
  );
}
