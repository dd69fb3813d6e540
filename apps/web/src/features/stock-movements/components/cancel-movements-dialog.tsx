import type { TStockMovement } from '@app/contracts';
import { getErrorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../../components/toast';
import { MOVEMENT_MESSAGES, MOVEMENT_SUCCESS } from '../messages';
import { describeMovement } from '../movement-format';
import { useCancelMovementsMutation } from '../stock-movements.api';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';

type CancelMovementsDialogProps = {
  movements: readonly TStockMovement[];
  /** Called once the dialog is done: true when the movements were cancelled. */
  onDone: (isCancelled: boolean) => void;
};

/** Asks before cancelling one movement, or the ticked movements of a batch (all or none). */
export function CancelMovementsDialog({ movements, onDone }: CancelMovementsDialogProps) {
  const [cancelMovements, { isLoading }] = useCancelMovementsMutation();
  const idempotency = useIdempotencyKey();
  const [only] = movements;
  const count = movements.length;
  const isInTransit = movements.some((movement) => movement.status === 'IN_TRANSIT');

  const confirm = async () => {
    const request = { movementIds: movements.map((movement) => movement.id) };
    try {
      await cancelMovements({ ...request, idempotencyKey: idempotency.keyFor(request) }).unwrap();
      idempotency.settle();
      notifySuccess(count === 1 ? MOVEMENT_SUCCESS.cancelled : MOVEMENT_SUCCESS.batchCancelled(count));
      onDone(true);
    } catch (error) {
      // The dialog stays: Proceed again is a retry with the same key.
      notifyError(
        getErrorMessage(error, count === 1 ? MOVEMENT_MESSAGES.cancel : MOVEMENT_MESSAGES.batchCancel),
      );
    }
  };

  const returned = isInTransit ? ' Stock already on its way goes back to its source.' : '';
  return (
    <ConfirmDialog
      open
      title={count === 1 ? 'Cancel this movement?' : `Cancel ${count} movements?`}
      message={
        count === 1 && only ? (
          <>
            Cancel the movement of <strong>{describeMovement(only)}</strong>?{returned}
          </>
        ) : (
          <>
            Cancel these {count} movements together? If one of them cannot be cancelled, none is.
            {returned}
          </>
        )
      }
      confirmLabel={count === 1 ? 'Cancel movement' : `Cancel ${count} movements`}
      cancelLabel="Keep"
      isDestructive
      isBusy={isLoading}
      onConfirm={() => void confirm()}
      onCancel={() => onDone(false)}
    />
  );
}
