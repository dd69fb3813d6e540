import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import {
  API,
  DEFAULT_PLAN_VIOLATION_MESSAGE,
  PLAN_VIOLATION_HEADER,
  type TInventoryUploadResult,
  type TRowError,
} from '@app/contracts';
import { useCallback, useState } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { UNREACHABLE_SERVER_MESSAGE, toApiError } from '../../api/api-error';
import { resolveServiceUrl } from '../../api/service-urls';
import { renewOrEndSession } from '../../session/session-renewal';
import { selectToken, type SessionRootState } from '../../session/session.slice';
import { planViolationReceived } from '../../ui/ui.slice';
import { IDEMPOTENCY_HEADER, useIdempotencyKey } from './idempotency-key';
import { stockUploaded } from './inventory.api';
import { INVENTORY_MESSAGES } from './messages';
import { UnreachableError, postFormWithProgress, type RawAnswer } from './upload-request';

export type UploadMode = 'add' | 'set';

export type UploadOutcome =
  | { kind: 'uploaded'; result: TInventoryUploadResult }
  /** The sheet was refused row by row; nothing was written. `total` counts beyond a capped list. */
  | { kind: 'rejected'; message: string; rows: TRowError[]; total: number }
  /** The plan has no bulk upload: "Feature Locked" is open. */
  | { kind: 'locked' }
  | { kind: 'failed'; message: string };

/** 'sending': the bytes are on their way (percent known or not); 'checking': the server works. */
export type UploadPhase =
  { step: 'idle' } | { step: 'sending'; percent: number | null } | { step: 'checking' };

type Dispatch = ThunkDispatch<SessionRootState, unknown, UnknownAction>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readRowErrors(body: unknown): { rows: TRowError[]; total: number } | null {
  const details = isRecord(body) && isRecord(body.details) ? body.details : null;
  if (!details || !Array.isArray(details.rows)) return null;
  const rows = details.rows.filter(
    (row): row is TRowError =>
      isRecord(row) && typeof row.row === 'number' && typeof row.message === 'string',
  );
  // The server caps the list and says how many there were; the field's name is read loosely.
  const total = [details.totalRows, details.total, details.count].find(
    (value): value is number => typeof value === 'number' && value >= rows.length,
  );
  return { rows, total: total ?? rows.length };
}

function isPlanViolation(answer: RawAnswer): boolean {
  if (answer.status !== 403) return false;
  return (
    answer.header(PLAN_VIOLATION_HEADER) === '1' ||
    (isRecord(answer.body) && answer.body.code === 'PLAN_VIOLATION')
  );
}

/**
 * The bulk upload of a stock spreadsheet (POST /api/inventory/bulk-upload) with its progress:
 * the bearer token and its renewal, the Idempotency-Key of the action (the same file and mode
 * sent again reuse it), "Feature Locked" on a plan violation, the row errors of a refused sheet.
 */
export function useInventoryUpload() {
  const store = useStore<SessionRootState>();
  const dispatch = useDispatch<Dispatch>();
  const [phase, setPhase] = useState<UploadPhase>({ step: 'idle' });
  const { keyFor, done } = useIdempotencyKey();

  const upload = useCallback(
    async (file: File, mode: UploadMode): Promise<UploadOutcome> => {
      const idempotencyKey = keyFor({ name: file.name, size: file.size, modified: file.lastModified, mode });
      const url = resolveServiceUrl(API.inventory.bulkUpload, 'inventory');
      const send = () => {
        const form = new FormData();
        form.append('mode', mode);
        form.append('file', file, file.name);
        const token = selectToken(store.getState());
        // No percent until the browser reports one: an empty bar that never moves looks stuck.
        setPhase({ step: 'sending', percent: null });
        return postFormWithProgress(
          url,
          form,
          { [IDEMPOTENCY_HEADER]: idempotencyKey, ...(token && { Authorization: `Bearer ${token}` }) },
          ({ loaded, total }) => {
            // Once the last byte is out the server reads and checks the sheet: no percent for that.
            if (total !== null && loaded >= total) setPhase({ step: 'checking' });
            else setPhase({ step: 'sending', percent: total ? Math.round((loaded / total) * 100) : null });
          },
          () => setPhase({ step: 'checking' }),
        );
      };

      try {
        let answer = await send();
        if (answer.status === 401 && (await dispatch(renewOrEndSession()))) answer = await send();
        if (answer.status >= 200 && answer.status < 300) {
          done();
          dispatch(stockUploaded());
          return { kind: 'uploaded', result: answer.body as TInventoryUploadResult };
        }
        const error = toApiError({ status: answer.status, data: answer.body }, INVENTORY_MESSAGES.upload);
        if (isPlanViolation(answer)) {
          dispatch(
            planViolationReceived(
              toApiError({ status: 403, data: answer.body }, DEFAULT_PLAN_VIOLATION_MESSAGE).message,
            ),
          );
          return { kind: 'locked' };
        }
        const rowErrors = answer.status === 400 ? readRowErrors(answer.body) : null;
        if (rowErrors && rowErrors.rows.length > 0) {
          return { kind: 'rejected', message: error.message, ...rowErrors };
        }
        return { kind: 'failed', message: error.message };
      } catch (error) {
        if (error instanceof UnreachableError) return { kind: 'failed', message: UNREACHABLE_SERVER_MESSAGE };
        throw error;
      } finally {
        setPhase({ step: 'idle' });
      }
    },
    [dispatch, done, keyFor, store],
  );

  return { upload, phase, isBusy: phase.step !== 'idle' };
}
