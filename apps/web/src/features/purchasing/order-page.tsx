import MoveToInboxOutlinedIcon from '@mui/icons-material/MoveToInboxOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { isPermitted, type TPurchaseOrder } from '@app/contracts';
import { useRef, useState, type RefObject } from 'react';
import { useSelector } from 'react-redux';
import { useParams } from 'react-router';
import { ReadError } from '../../components/read-error';
import { useCanSeeCosts } from '../../hooks/use-can-see-costs';
import { selectRoles } from '../../session/session.slice';
import { CancelOrderButton, CloseOrderButton, DownloadPdfButton } from './components/order-actions';
import { OrderDraftForm } from './components/order-draft-form';
import { OrderFacts, OrderLinesTable, ReceiptsHistory } from './components/order-details';
import { OrderHeader } from './components/order-header';
import { ReceiveDialog } from './components/receive-dialog';
import { PURCHASING_ERRORS } from './messages';
import { canBeCancelled, isOpenForReceipt, useOrderMoney } from './order-format';
import { useGetPurchaseOrderQuery } from './purchasing.api';
import { useFocusAfterChange } from '../../lib/focus-landing';

export const NO_CREATE_TEXT = 'Your role reads purchase orders but does not create them.';

const SUBTITLES: Record<TPurchaseOrder['status'], string> = {
  DRAFT: 'A draft: not sent to the supplier yet.',
  SENT: 'Sent to the supplier: receive the deliveries as they come in.',
  PARTIALLY_RECEIVED: 'Part of it has arrived: receive the rest as it comes in, or close the order.',
  RECEIVED: 'Everything ordered has arrived.',
  CLOSED: 'Closed: the rest will not come.',
  CANCELLED: 'Cancelled: nothing of it will be received.',
};

/** A sent (or closed, cancelled) order, or a draft for a role that cannot edit it: read only. */
function OrderView({
  order,
  headingRef,
}: {
  order: TPurchaseOrder;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const roles = useSelector(selectRoles);
  const canCreate = isPermitted(roles, 'inventory:create');
  const canReceive = isPermitted(roles, 'inventory:adjust');
  // The PDF prints the costs: the server refuses it to roles that see none.
  const canSeeCosts = useCanSeeCosts();
  const money = useOrderMoney();
  const [isReceiving, setIsReceiving] = useState(false);
  const isOpen = isOpenForReceipt(order.status);

  return (
    <Box>
      <OrderHeader
        headingRef={headingRef}
        title={order.orderNumber}
        status={order.status}
        subtitle={SUBTITLES[order.status]}
        actions={
          <>
            {canSeeCosts ? <DownloadPdfButton order={order} /> : null}
            {canCreate && canBeCancelled(order.status, order.receivedQuantity) ? (
              <CancelOrderButton order={order} />
            ) : null}
            {canCreate && isOpen ? (
              <CloseOrderButton order={order} outstanding={order.totals.outstandingQuantity} />
            ) : null}
            {canReceive && isOpen ? (
              <Button
                variant="contained"
                startIcon={<MoveToInboxOutlinedIcon />}
                onClick={() => setIsReceiving(true)}
              >
                Receive delivery
              </Button>
            ) : null}
          </>
        }
      />
      <OrderFacts order={order} />
      <OrderLinesTable order={order} money={money} />
      <ReceiptsHistory order={order} />
      {isReceiving ? <ReceiveDialog order={order} onClose={() => setIsReceiving(false)} /> : null}
    </Box>
  );
}

function OrderSkeleton() {
  return (
    <Box aria-label="Loading purchase order" aria-busy="true">
      <Skeleton variant="text" width={140} />
      <Skeleton variant="text" width={280} height={48} />
      <Skeleton variant="rounded" height={88} sx={{ my: 2 }} />
      <Skeleton variant="rounded" height={240} />
    </Box>
  );
}

/**
 * /dashboard/purchasing/orders/new and /dashboard/purchasing/orders/:orderId: a new order or a
 * draft in the editor (inventory:create), anything else read only with the actions of its status.
 */
export function OrderPage() {
  const { orderId } = useParams();
  const roles = useSelector(selectRoles);
  const canCreate = isPermitted(roles, 'inventory:create');
  const order = useGetPurchaseOrderQuery(orderId ?? '', { skip: !orderId });
  const shown = order.data && order.data.id === orderId ? order.data : undefined;
  // Saving a new order, sending, cancelling, closing or receiving all of it changes what the page
  // shows and takes the pressed button away: focus goes to the order's heading, which now says
  // the number and the new status.
  const headingRef = useRef<HTMLHeadingElement>(null);
  let shownKey: string | null = null;
  if (!orderId) shownKey = 'new';
  else if (shown) shownKey = `${shown.id}:${shown.status}`;
  useFocusAfterChange(shownKey, headingRef);

  if (!orderId) {
    return canCreate ? (
      <OrderDraftForm key="new" order={null} headingRef={headingRef} />
    ) : (
      <Box>
        <OrderHeader title="New purchase order" status={null} />
        <Alert severity="info">{NO_CREATE_TEXT}</Alert>
      </Box>
    );
  }
  if (order.isError) {
    return (
      <Box>
        <OrderHeader title="Purchase order" status={null} />
        <ReadError
          error={order.error}
          fallback={PURCHASING_ERRORS.get}
          onRetry={() => void order.refetch()}
        />
      </Box>
    );
  }
  if (!shown) return <OrderSkeleton />;
  return shown.status === 'DRAFT' && canCreate ? (
    <OrderDraftForm key={shown.id} order={shown} headingRef={headingRef} />
  ) : (
    <OrderView order={shown} headingRef={headingRef} />
  );
}
