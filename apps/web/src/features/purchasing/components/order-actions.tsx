import BlockIcon from '@mui/icons-material/Block';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Button from '@mui/material/Button';
import type { TPurchaseOrder } from '@app/contracts';
import { useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../../components/toast';
import { PURCHASING_ERRORS, PURCHASING_SUCCESS } from '../messages';
import {
  useCancelPurchaseOrderMutation,
  useClosePurchaseOrderMutation,
  useDownloadPurchaseOrderDocumentMutation,
} from '../purchasing.api';

type OrderProp = { order: Pick<TPurchaseOrder, 'id' | 'orderNumber' | 'supplierName'> };

/** The order as the supplier's PDF, saved as a file (the call carries the bearer token). */
export function DownloadPdfButton({ order }: OrderProp) {
  const [download, state] = useDownloadPurchaseOrderDocumentMutation();
  const save = async () => {
    try {
      await download({ id: order.id, orderNumber: order.orderNumber }).unwrap();
    } catch (error) {
      notifyError(getErrorMessage(error, PURCHASING_ERRORS.document));
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<PictureAsPdfOutlinedIcon />}
      onClick={() => void save()}
      disabled={state.isLoading}
    >
      Download PDF
    </Button>
  );
}

/** Cancel, after a confirmation: a draft, or a sent order nothing has arrived for. */
export function CancelOrderButton({ order }: OrderProp) {
  const [isAsking, setIsAsking] = useState(false);
  const [cancel, state] = useCancelPurchaseOrderMutation();
  const confirm = async () => {
    try {
      await cancel(order.id).unwrap();
      notifySuccess(PURCHASING_SUCCESS.cancelled);
    } catch (error) {
      notifyError(getErrorMessage(error, PURCHASING_ERRORS.cancel));
    }
    setIsAsking(false);
  };
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<BlockIcon />} onClick={() => setIsAsking(true)}>
        Cancel order
      </Button>
      <ConfirmDialog
        open={isAsking}
        title="Cancel this order?"
        message={
          <>
            Cancel <strong>{order.orderNumber}</strong> to {order.supplierName}? Nothing of it will be
            received; it stays in the list as cancelled.
          </>
        }
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        isDestructive
        isBusy={state.isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setIsAsking(false)}
      />
    </>
  );
}

type CloseProps = OrderProp & { outstanding: number };

/** Close, after a confirmation: the rest will not come, and nothing is outstanding afterwards. */
export function CloseOrderButton({ order, outstanding }: CloseProps) {
  const [isAsking, setIsAsking] = useState(false);
  const [close, state] = useClosePurchaseOrderMutation();
  const confirm = async () => {
    try {
      await close(order.id).unwrap();
      notifySuccess(PURCHASING_SUCCESS.closed);
    } catch (error) {
      notifyError(getErrorMessage(error, PURCHASING_ERRORS.close));
    }
    setIsAsking(false);
  };
  return (
    <>
      <Button variant="outlined" startIcon={<DoneAllIcon />} onClick={() => setIsAsking(true)}>
        Close
      </Button>
      <ConfirmDialog
        open={isAsking}
        title="Close this order?"
        message={
          <>
            The rest will not come: the {outstanding} {outstanding === 1 ? 'unit' : 'units'} still outstanding
            on <strong>{order.orderNumber}</strong> are no longer expected, and no more deliveries can be
            received against it.
          </>
        }
        confirmLabel="Close order"
        cancelLabel="Keep open"
        isDestructive
        isBusy={state.isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setIsAsking(false)}
      />
    </>
  );
}
