import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  isPermitted,
  type TDraftsFromSuggestionsRequest,
  type TPurchaseOrder,
  type TSuggestionGroup,
} from '@app/contracts';
import { useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { getErrorMessage } from '../../api/api-error';
import { EmptyState } from '../../components/list-controls';
import { LocationPicker, NoLocationsState, useLocationChoice } from '../../components/location-picker';
import { PageHeader } from '../../components/page-header';
import { ReadError } from '../../components/read-error';
import { RouterLink } from '../../components/router-link';
import { notifyError, notifySuccess } from '../../components/toast';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';
import { selectRoles } from '../../session/session.slice';
import { PURCHASING_ERRORS, PURCHASING_SUCCESS } from './messages';
import { PURCHASING_PATH, orderPath, useOrderMoney } from './order-format';
import { useDraftSuggestedOrdersMutation, useGetSuggestedOrdersQuery } from './purchasing.api';
import { useFocusAfterChange } from '../../lib/focus-landing';

export function nothingToReorderText(locationName: string): string {
  // Products already on a sent order or a draft drop out of the suggestions too: say so.
  return `Nothing to reorder at ${locationName}: every product is at or above its reorder point, or already on an order.`;
}

/** Why a group cannot become a draft: no supplier on its products, or a discontinued supplier. */
export function whyNotOrderable(group: TSuggestionGroup): string {
  return group.supplierId === null
    ? 'These products have no supplier. Set one on each product to order them here.'
    : `${group.supplierName ?? 'This supplier'} is discontinued. Reactivate the supplier, or give these products another one.`;
}

/**
 * The figures of a suggestion, after the product. Labels stay on one line at 1024 px; the title
 * (shown on hover) says what each one means.
 */
export const SUGGESTION_COLUMNS: readonly {
  label: string;
  title: string;
  /** px, padding included: the same in every card, so the columns line up down the page. */
  width: number;
  isCost?: boolean;
}[] = [
  { label: 'On hand', title: 'Units at the location now', width: 62 },
  { label: 'Reorder at', title: 'Reorder point: below it the product is suggested', width: 76 },
  { label: 'On order', title: 'Units on sent orders still to arrive', width: 64 },
  { label: 'Drafted', title: 'Units on draft orders not sent yet', width: 56 },
  { label: 'Forecast', title: 'Units expected to sell over the supplier’s lead time', width: 64 },
  { label: 'Target', title: 'Target level: the reorder point and the forecast', width: 50 },
  { label: 'Order', title: 'Suggested quantity: what it takes to reach the target', width: 48 },
  { label: 'Cost', title: 'Unit cost', width: 60, isCost: true },
  { label: 'Total', title: 'Line cost: the suggested quantity at the unit cost', width: 72, isCost: true },
];

function groupTitle(group: TSuggestionGroup): string {
  return group.supplierName ?? 'No supplier';
}

type GroupCardProps = {
  group: TSuggestionGroup;
  money: (value: string) => string;
  /** Present for the roles that create orders and groups that can be ordered. */
  onDraft?: () => void;
  isBusy: boolean;
};

/** One supplier's suggestions: lead time and total above, the products below. */
function GroupCard({ group, money, onDraft, isBusy }: GroupCardProps) {
  const title = groupTitle(group);
  // The server leaves the costs out for roles that see none: then so do the columns.
  const showCosts = group.totalCost !== undefined;
  const columns = SUGGESTION_COLUMNS.filter((column) => showCosts || !column.isCost);
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" noWrap title={title}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Lead time {group.leadTimeDays} {group.leadTimeDays === 1 ? 'day' : 'days'}
            {group.isLeadTimeAssumed ? ' (assumed)' : ''} · {group.lines.length}{' '}
            {group.lines.length === 1 ? 'product' : 'products'}
          </Typography>
        </Box>
        {group.totalCost === undefined ? null : (
          <Box sx={{ textAlign: 'right' }}>
            <Typography variant="caption" color="text.secondary" component="div">
              Total
            </Typography>
            <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{money(group.totalCost)}</Typography>
          </Box>
        )}
        {onDraft ? (
          <Button
            variant="outlined"
            onClick={onDraft}
            disabled={isBusy}
            aria-label={`Create draft order for ${title}`}
          >
            Create draft order
          </Button>
        ) : null}
      </Box>
      {group.canOrder ? null : (
        <Alert severity="warning" sx={{ mx: 2, mb: 1.5 }}>
          {whyNotOrderable(group)}
        </Alert>
      )}
      <TableContainer>
        <Table
          size="small"
          aria-label={`Suggestions for ${title}`}
          // Ten columns fit the 1024 px shell on one header line: the SKU under the name, short
          // headers (their title says them in full), less side padding, a slightly smaller text.
          // Fixed widths for the figures line the cards up; the product takes the rest.
          sx={{
            tableLayout: 'fixed',
            minWidth: 720,
            '& .MuiTableCell-root': { px: 0.5, fontSize: 13 },
            '& .MuiTableCell-root:first-of-type': { pl: 2 },
            '& .MuiTableCell-root:last-of-type': { pr: 2 },
            '& th': { whiteSpace: 'nowrap' },
          }}
        >
          <TableHead>
            <TableRow>
              <TableCell>Product</TableCell>
              {columns.map((column, index) => (
                <TableCell
                  key={column.label}
                  align="right"
                  title={column.title}
                  // The last column has the card's wider padding on its right.
                  sx={{ width: column.width + (index === columns.length - 1 ? 12 : 0) }}
                >
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {group.lines.map((line) => (
              <TableRow key={line.productId}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Box sx={{ fontWeight: 500 }}>{line.productName}</Box>
                  <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {line.sku}
                  </Typography>
                </TableCell>
                <TableCell align="right">{line.quantity}</TableCell>
                <TableCell align="right">{line.reorderPoint}</TableCell>
                <TableCell align="right">{line.onOrder}</TableCell>
                <TableCell align="right">{line.drafted}</TableCell>
                <TableCell
                  align="right"
                  title={
                    line.forecastDemand === null
                      ? 'No sales to forecast from'
                      : `Over ${group.leadTimeDays} days`
                  }
                >
                  {line.forecastDemand ?? '—'}
                </TableCell>
                <TableCell align="right">{line.targetLevel}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {line.suggestedQuantity}
                </TableCell>
                {showCosts ? (
                  <>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {money(line.unitCost ?? '0.00')}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {money(line.lineCost ?? '0.00')}
                    </TableCell>
                  </>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

function SuggestionsSkeleton() {
  return (
    <Box aria-label="Loading suggested orders" aria-busy="true" sx={{ display: 'grid', gap: 2 }}>
      <Skeleton variant="rounded" height={180} />
      <Skeleton variant="rounded" height={140} />
    </Box>
  );
}

/**
 * /dashboard/purchasing/suggested: at the picked location, the products under their reorder
 * point grouped by supplier, and the drafts made from them (all orderable groups, or one).
 */
export function SuggestedOrdersPage() {
  const roles = useSelector(selectRoles);
  const canCreate = isPermitted(roles, 'inventory:create');
  const money = useOrderMoney();
  const choice = useLocationChoice();
  const locationId = choice.locationId;
  const suggestions = useGetSuggestedOrdersQuery(locationId ?? '', { skip: !locationId });
  const [draftOrders, draftState] = useDraftSuggestedOrdersMutation();
  const { keyFor, settle } = useIdempotencyKey();
  const [created, setCreated] = useState<TPurchaseOrder[]>([]);
  // The drafted groups leave the suggestions, and with them the button that was pressed: focus
  // goes to the notice that links the new drafts (their next step), and back to the suggestions
  // when the notice is dismissed.
  const noticeRef = useRef<HTMLDivElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const createdKey = created.map((order) => order.id).join(',');
  useFocusAfterChange(createdKey, createdKey ? noticeRef : resultsRef, 'always');

  const data = suggestions.data?.locationId === locationId ? suggestions.data : undefined;
  const orderable = (data?.groups ?? []).filter((group) => group.canOrder);

  const draft = async (supplierIds?: string[]) => {
    if (!locationId) return;
    const body: TDraftsFromSuggestionsRequest = supplierIds ? { locationId, supplierIds } : { locationId };
    try {
      const answer = await draftOrders({ body, idempotencyKey: keyFor(body) }).unwrap();
      settle();
      setCreated(answer.orders);
      notifySuccess(PURCHASING_SUCCESS.drafts(answer.orders.length));
    } catch (error) {
      notifyError(getErrorMessage(error, PURCHASING_ERRORS.drafts));
    }
  };

  const draftAll =
    canCreate && orderable.length > 0 ? (
      <Button
        variant="contained"
        startIcon={<PlaylistAddIcon />}
        onClick={() => void draft()}
        disabled={draftState.isLoading}
      >
        {draftState.isLoading ? 'Creating...' : 'Create draft orders'}
      </Button>
    ) : null;

  let content;
  if (choice.isEmpty) content = <NoLocationsState subject="Suggested orders" />;
  else if (suggestions.isError)
    content = (
      <ReadError
        error={suggestions.error}
        fallback={PURCHASING_ERRORS.suggestions}
        onRetry={() => void suggestions.refetch()}
      />
    );
  else if (!data) content = <SuggestionsSkeleton />;
  else if (data.groups.length === 0)
    content = (
      <Paper variant="outlined" sx={{ py: 6, px: 3 }}>
        <EmptyState
          message={nothingToReorderText(data.locationName)}
          action={
            <Button component={RouterLink} to={PURCHASING_PATH}>
              Back to purchase orders
            </Button>
          }
        />
      </Paper>
    );
  else
    content = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {data.groups.map((group) => (
          <GroupCard
            key={group.supplierId ?? 'none'}
            group={group}
            money={money}
            isBusy={draftState.isLoading}
            onDraft={
              canCreate && group.canOrder && group.supplierId
                ? () => void draft([group.supplierId!])
                : undefined
            }
          />
        ))}
      </Box>
    );

  return (
    <Box>
      <PageHeader
        title="Suggested orders"
        subtitle="Products under their reorder point, with the units to reach it and to cover the supplier’s lead time."
        actions={draftAll}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <LocationPicker choice={choice} label="Location" />
        <Link component={RouterLink} to={PURCHASING_PATH} underline="hover" sx={{ ml: 'auto' }}>
          All purchase orders
        </Link>
      </Box>
      {created.length > 0 ? (
        <Alert
          ref={noticeRef}
          tabIndex={-1}
          severity="success"
          onClose={() => setCreated([])}
          sx={{ mb: 2, outline: 'none' }}
        >
          {PURCHASING_SUCCESS.drafts(created.length)}: review and send them.{' '}
          {created.map((order, index) => (
            <span key={order.id}>
              {index > 0 ? ', ' : ''}
              <Link component={RouterLink} to={orderPath(order.id)} color="inherit" sx={{ fontWeight: 600 }}>
                {order.orderNumber}
              </Link>{' '}
              ({order.supplierName})
            </span>
          ))}
        </Alert>
      ) : null}
      <Box ref={resultsRef} tabIndex={-1} role="region" aria-label="Suggestions" sx={{ outline: 'none' }}>
        {content}
      </Box>
    </Box>
  );
}
