import { MAX_CODE_ATTEMPTS, type MovementStatus } from '@app/contracts';
import { AppError } from '../../platform/http/app-error.js';

/** Which end of a movement a code or a validation is for. */
export type MovementEnd = 'SOURCE' | 'DESTINATION';

/** The state a movement must be in to be validated at this end. */
export const STATUS_BEFORE: Record<MovementEnd, MovementStatus> = {
  SOURCE: 'PENDING',
  DESTINATION: 'IN_TRANSIT',
};

/** Not finished: stock may still leave or arrive. */
export function isUnderway(status: string): boolean {
  return status === 'PENDING' || status === 'IN_TRANSIT';
}

type Refusable = { id: string; status: string; lockedAt: Date | null };

export function movementNotFound(): AppError {
  return new AppError('NOT_FOUND', 'The stock movement was not found.');
}

export function batchNotFound(): AppError {
  return new AppError('NOT_FOUND', 'The batch of stock movements was not found.');
}

/** Said to whoever may not cancel a locked movement (anyone without `inventory:delete`). */
export const LOCKED_CANCEL_MESSAGE = `This movement is locked after ${MAX_CODE_ATTEMPTS} wrong codes: only an inventory admin can cancel it.`;

export function lockedMovement(): AppError {
  return new AppError(
    'MOVEMENT_LOCKED',
    `This movement is locked after ${MAX_CODE_ATTEMPTS} wrong codes. An inventory admin must cancel it.`,
  );
}

/** Why a movement in `status` cannot be validated at `end`, as a shop owner reads it. */
export function wrongStateForValidation(status: string, end: MovementEnd): AppError {
  const reasons: Record<string, string> = {
    PENDING: 'It has not left its source yet: validate it at the source first.',
    IN_TRANSIT: 'It was validated at the source already and is on its way.',
    COMPLETED: 'It has arrived at its destination already.',
    CANCELLED: 'It was cancelled.',
  };
  const what = end === 'SOURCE' ? 'at the source' : 'at the destination';
  return new AppError(
    'CONFLICT',
    `This movement cannot be validated ${what}. ${reasons[status] ?? ''}`.trim(),
    {
      status,
    },
  );
}

export function wrongStateForCancel(status: string): AppError {
  const reason = status === 'COMPLETED' ? 'it has arrived at its destination' : 'it was cancelled already';
  return new AppError('CONFLICT', `This movement cannot be cancelled: ${reason}.`, { status });
}

/**
 * The refusal that comes before any code is looked at. `family` is every movement sharing the
 * codes (the whole batch, or the one movement); `targetId` the one validated, or null for the
 * batch. A locked family answers 409 whatever the code, so a lock tells nothing about the codes
 * tried, and a batch member cannot be guessed on once its batch is locked.
 */
export function refusalBeforeCode(
  family: readonly Refusable[],
  targetId: string | null,
  end: MovementEnd,
): AppError | undefined {
  if (family.some((row) => isUnderway(row.status) && row.lockedAt !== null)) return lockedMovement();
  if (targetId !== null) {
    const row = family.find((member) => member.id === targetId);
    return row && row.status !== STATUS_BEFORE[end] ? wrongStateForValidation(row.status, end) : undefined;
  }
  if (!family.some((row) => row.status === STATUS_BEFORE[end])) {
    const what = end === 'SOURCE' ? 'waits for the source' : 'is on its way';
    return new AppError('CONFLICT', `No movement of this batch ${what}: there is nothing to validate.`);
  }
  return undefined;
}

/** The 400 of a wrong code, once its try was counted (and committed). */
export function wrongCode(failedAttempts: number): AppError {
  const attemptsLeft = Math.max(0, MAX_CODE_ATTEMPTS - failedAttempts);
  if (attemptsLeft === 0) {
    return new AppError(
      'WRONG_VALIDATION_CODE',
      'The validation code is wrong. That was the last try: the movement is locked until an inventory admin cancels it.',
      { attemptsLeft: 0, isLocked: true },
    );
  }
  return new AppError(
    'WRONG_VALIDATION_CODE',
    `The validation code is wrong. ${attemptsLeft} ${attemptsLeft === 1 ? 'try is' : 'tries are'} left before the movement locks.`,
    { attemptsLeft, isLocked: false },
  );
}
