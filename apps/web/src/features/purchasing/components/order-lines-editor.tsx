import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TInventoryItem } from '@app/contracts';
import { useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { PURCHASING_ERRORS } from '../messages';
import { readUnits, toUnitCostInput } from '../order-format';
import { useGetOrderProductStockQuery } from '../purchasing.api';
import { checkUnitCost, readCostCents } from '../unit-cost';
import { ProductSearchField } from './product-search-field';

/** A line as the form keeps it: the typed texts, checked against the contract on save. */
export type DraftLine = {
  productId: string;
  sku: string;
  productName: string;
  /** Units at the location when the product was picked; null for lines loaded with a draft (read per line). */
  onHand: number | null;
  quantity: string;
  unitCost: string;
};

/** A picked stock record as a new line: one unit, at the location's average cost (else cost price). */
export function toDraftLine(item: TInventoryItem): DraftLine {
  return {
    productId: item.productId,
    sku: item.sku,
    productName: item.productName,
    onHand: item.quantity,
    quantity: '1',
    unitCost: toUnitCostInput(item.averageUnitCost),
  };
}

/**
 * Σ quantity × unit cost in cents, or null while a line does not read as an amount: a total
 * that left a line out would look right and be wrong.
 */
export function sumDraftCents(lines: readonly DraftLine[]): number | null {
  let sum = 0;
  for (const line of lines) {
    const cents = lineCents(line);
    if (cents === null) return null;
    sum += cents;
  }
  return sum;
}

/** quantity × unit cost in cents, or null while either is not a number the server takes. */
function lineCents(line: DraftLine): number | null {
  const units = readUnits(line.quantity);
  const cost = readCostCents(line.unitCost);
  return units === null || cost === null ? null : units * cost;
}

/**
 * What the location has of a line's product: known for a picked line, read for a line loaded
 * with the draft (GET /api/inventory/product/:id/location/:locationId, cached per product).
 */
function OnHandCell({ line, locationId }: { line: DraftLine; locationId: string }) {
  const stock = useGetOrderProductStockQuery(
    { productId: line.productId, locationId },
    { skip: line.onHand !== null || !locationId },
  );
  if (line.onHand !== null) return <>{line.onHand}</>;
  if (stock.data) return <>{stock.data.quantity}</>;
  if (stock.isError) {
    // A product without a stock record here (404), or a failed read: no number to show.
    return (
      <Box component="span" title={getErrorMessage(stock.error, PURCHASING_ERRORS.stock)}>
        —
      </Box>
    );
  }
  return <Skeleton aria-label={`Loading on hand of ${line.sku}`} width={24} sx={{ ml: 'auto' }} />;
}

type OrderLinesEditorProps = {
  locationId: string;
  lines: readonly DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  /** Field errors by dotted path: `lines`, `lines.2.quantity`. */
  errors: Record<string, string>;
  clearError: (name: string) => void;
  money: (value: number) => string;
  disabled: boolean;
};

/** The lines of a draft: a product search that adds lines, and per line the units and unit cost. */
export function OrderLinesEditor({
  locationId,
  lines,
  onChange,
  errors,
  clearError,
  money,
  disabled,
}: OrderLinesEditorProps) {
  const chosenIds = new Set(lines.map((line) => line.productId));
  // Unit costs checked as the field is left, and again on each change once checked: "abc" is
  // refused at the field, not first by the server.
  const [checkedCosts, setCheckedCosts] = useState<ReadonlySet<string>>(() => new Set());
  const checkCost = (productId: string) =>
    setCheckedCosts((current) => (current.has(productId) ? current : new Set(current).add(productId)));
  const update = (index: number, field: 'quantity' | 'unitCost', value: string) => {
    onChange(lines.map((line, at) => (at === index ? { ...line, [field]: value } : line)));
    clearError(`lines.${index}.${field}`);
  };
  const remove = (index: number) => onChange(lines.filter((_line, at) => at !== index));
  const total = sumDraftCents(lines);

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, px: 2, pt: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, pt: 0.5 }}>
          Lines
        </Typography>
        <ProductSearchField
          locationId={locationId}
          chosenIds={chosenIds}
          disabled={disabled}
          error={errors.lines}
          onPick={(item) => {
            onChange([...lines, toDraftLine(item)]);
            clearError('lines');
          }}
        />
      </Box>
      <TableContainer>
        <Table size="small" aria-label="Order lines" sx={{ minWidth: 720, '& th': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell>SKU</TableCell>
              <TableCell>Product</TableCell>
              <TableCell align="right">On hand</TableCell>
              <TableCell align="right" sx={{ width: 130 }}>
                Quantity
              </TableCell>
              <TableCell align="right" sx={{ width: 150 }}>
                Unit cost
              </TableCell>
              <TableCell align="right">Line total</TableCell>
              <TableCell sx={{ width: 56 }}>
                <Box
                  component="span"
                  // For screen readers only; sizes in px, since sx reads a bare 1 as 100 %.
                  sx={{
                    position: 'absolute',
                    width: '1px',
                    height: '1px',
                    margin: '-1px',
                    padding: 0,
                    border: 0,
                    overflow: 'hidden',
                    whiteSpace: 'nowrap',
                    clip: 'rect(0 0 0 0)',
                  }}
                >
                  Remove
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.length === 0 ? (
              <TableRow>
                <TableCell colSpan={7} align="center" sx={{ py: 5, color: 'text.secondary' }}>
                  {locationId
                    ? 'No lines yet. Add the products to order with the search above.'
                    : 'Pick the location first: the lines are products of that location.'}
                </TableCell>
              </TableRow>
            ) : null}
            {lines.map((line, index) => {
              const quantityName = `lines.${index}.quantity`;
              const costName = `lines.${index}.unitCost`;
              const costError =
                errors[costName] ?? (checkedCosts.has(line.productId) ? checkUnitCost(line.unitCost) : null);
              const cents = lineCents(line);
              return (
                <TableRow key={line.productId}>
                  <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>{line.sku}</TableCell>
                  <TableCell>{line.productName}</TableCell>
                  <TableCell align="right">
                    <OnHandCell line={line} locationId={locationId} />
                  </TableCell>
                  <TableCell align="right">
                    <TextField
                      size="small"
                      name={quantityName}
                      value={line.quantity}
                      onChange={(event) => update(index, 'quantity', event.target.value)}
                      disabled={disabled}
                      error={Boolean(errors[quantityName])}
                      helperText={errors[quantityName]}
                      autoComplete="off"
                      slotProps={{
                        htmlInput: {
                          inputMode: 'numeric',
                          'aria-label': `Quantity of ${line.sku}`,
                          style: { textAlign: 'right' },
                        },
                      }}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <TextField
                      size="small"
                      name={costName}
                      value={line.unitCost}
                      onChange={(event) => update(index, 'unitCost', event.target.value)}
                      onBlur={() => checkCost(line.productId)}
                      disabled={disabled}
                      error={Boolean(costError)}
                      helperText={costError}
                      autoComplete="off"
                      slotProps={{
                        htmlInput: {
                          inputMode: 'decimal',
                          'aria-label': `Unit cost of ${line.sku}`,
                          style: { textAlign: 'right' },
                        },
                      }}
                    />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {cents === null ? '—' : money(cents)}
                  </TableCell>
                  <TableCell>
                    <Tooltip title="Remove line">
                      <IconButton
                        size="small"
                        aria-label={`Remove ${line.sku}`}
                        onClick={() => remove(index)}
                        disabled={disabled}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
          {lines.length > 0 ? (
            <TableFooter>
              <TableRow>
                <TableCell
                  colSpan={5}
                  align="right"
                  sx={{ fontWeight: 600, color: 'text.primary', fontSize: 14 }}
                >
                  Total
                </TableCell>
                <TableCell
                  align="right"
                  data-testid="draft-total"
                  sx={{ fontWeight: 600, color: 'text.primary', fontSize: 14, whiteSpace: 'nowrap' }}
                >
                  {total === null ? '—' : money(total)}
                </TableCell>
                <TableCell />
              </TableRow>
            </TableFooter>
          ) : null}
        </Table>
      </TableContainer>
    </Paper>
  );
}
