import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ShoppingBasketOutlinedIcon from '@mui/icons-material/ShoppingBasketOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { isQuantityValid, lineTotalCents, type BasketLine } from '../basket';
import { describeDiscount, formatMoney } from '../format';
import { EMPTY_BASKET_TEXT } from '../messages';
import { QuantityStepper } from './quantity-stepper';

const VISUALLY_HIDDEN = {
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

export const quantityInputId = (productId: string) => `till-quantity-${productId}`;
const errorId = (productId: string) => `till-line-error-${productId}`;

type BasketTableProps = {
  lines: readonly BasketLine[];
  isBusy: boolean;
  onType: (productId: string, text: string) => void;
  onStep: (productId: string, delta: number) => void;
  onRemove: (line: BasketLine) => void;
};

function UnitPrice({ line }: { line: BasketLine }) {
  const { price, effectivePrice, discount } = line.product;
  if (!discount || price === effectivePrice) return <>{formatMoney(effectivePrice)}</>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.25 }}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {formatMoney(effectivePrice)}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ textDecoration: 'line-through' }}
          aria-label={`was ${formatMoney(price)}`}
        >
          {formatMoney(price)}
        </Typography>
        <Chip size="small" color="success" variant="outlined" label={describeDiscount(discount)} />
      </Box>
    </Box>
  );
}

function StockHint({ line }: { line: BasketLine }) {
  const { stock } = line.product;
  if (line.quantity <= stock) {
    return (
      <Typography variant="caption" color="text.secondary" component="div">
        {stock} in stock
      </Typography>
    );
  }
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="div"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
    >
      <WarningAmberIcon sx={{ fontSize: 14, color: 'warning.main' }} aria-hidden="true" />
      {stock > 0 ? `Only ${stock} in stock` : 'Out of stock'}
    </Typography>
  );
}

/** The basket: one line per product, its price with the discount valid now, the units and the line's total. */
export function BasketTable({ lines, isBusy, onType, onStep, onRemove }: BasketTableProps) {
  if (lines.length === 0) {
    return (
      <Box
        sx={{
          py: 5,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1,
          border: 1,
          borderStyle: 'dashed',
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        <ShoppingBasketOutlinedIcon color="action" sx={{ fontSize: 36 }} aria-hidden="true" />
        <Typography color="text.secondary">{EMPTY_BASKET_TEXT}</Typography>
      </Box>
    );
  }

  return (
    <Table size="small" aria-label="Basket" sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell>Product</TableCell>
          <TableCell align="right" sx={{ width: 150 }}>
            Unit price
          </TableCell>
          <TableCell align="center" sx={{ width: 150 }}>
            Qty
          </TableCell>
          <TableCell align="right" sx={{ width: 110 }}>
            Total
          </TableCell>
          <TableCell sx={{ width: 52 }}>
            <Box component="span" sx={VISUALLY_HIDDEN}>
              Remove
            </Box>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((line) => {
          const { product } = line;
          const total = lineTotalCents(line);
          const isInvalid = !isQuantityValid(line);
          const problem = line.error ?? (isInvalid ? 'Enter a whole number of units from 1.' : null);
          return (
            <Fragment key={product.productId}>
              <TableRow sx={problem !== null ? { '& > td': { borderBottom: 0 } } : undefined}>
                <TableCell sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap title={product.name}>
                    {product.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" noWrap component="div">
                    {product.sku}
                    {product.barcode ? ` · ${product.barcode}` : ''}
                  </Typography>
                  <StockHint line={line} />
                </TableCell>
                <TableCell align="right">
                  <UnitPrice line={line} />
                </TableCell>
                <TableCell align="center">
                  <QuantityStepper
                    id={quantityInputId(product.productId)}
                    label={`Quantity of ${product.name}`}
                    text={line.quantityText}
                    quantity={line.quantity}
                    isInvalid={problem !== null}
                    describedBy={problem !== null ? errorId(product.productId) : undefined}
                    onType={(text) => onType(product.productId, text)}
                    onStep={(delta) => onStep(product.productId, delta)}
                    disabled={isBusy}
                  />
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(total)}
                </TableCell>
                <TableCell padding="none" align="center">
                  <Tooltip title="Remove">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Remove ${product.name}`}
                        onClick={() => onRemove(line)}
                        disabled={isBusy}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
              {problem !== null ? (
                <TableRow>
                  <TableCell colSpan={5} sx={{ pt: 0 }}>
                    <Typography
                      id={errorId(product.productId)}
                      variant="body2"
                      color="error"
                      sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
                    >
                      <ErrorOutlineIcon fontSize="small" aria-hidden="true" />
                      {problem}
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );
}
