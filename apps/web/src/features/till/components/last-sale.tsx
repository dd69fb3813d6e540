import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { TSale } from '@app/contracts';
import { useState } from 'react';
import { formatDeduction, formatMoney, toCents } from '../format';
import { describePoints } from '../loyalty';
import { SaleDialog } from './sale-dialog';

/**
 * The sale just recorded, until the next one starts: what was paid, what the reward took off and
 * the points it moved, with its receipt one click away (to show or read out to the customer).
 */
export function LastSale({ sale }: { sale: TSale }) {
  const [isOpen, setIsOpen] = useState(false);
  const parts = [`Last sale: ${formatMoney(sale.total)}`];
  if (toCents(sale.loyaltyDiscount) !== 0) parts.push(`Reward ${formatDeduction(sale.loyaltyDiscount)}`);
  if (sale.loyalty) parts.push(describePoints(sale.loyalty));

  return (
    <>
      <Alert
        severity="success"
        variant="outlined"
        icon={<ReceiptLongOutlinedIcon fontSize="inherit" />}
        action={
          <Button color="inherit" size="small" onClick={() => setIsOpen(true)}>
            Receipt
          </Button>
        }
        sx={{ alignItems: 'center', py: 0 }}
      >
        {parts.join(' · ')}
      </Alert>
      {isOpen ? (
        <SaleDialog
          saleId={sale.id}
          startsRefunding={false}
          canRefund={false}
          onClose={() => setIsOpen(false)}
        />
      ) : null}
    </>
  );
}
