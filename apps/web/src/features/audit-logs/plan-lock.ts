import { isApiError } from '../../api/api-error';

/** A refusal for the plan (000 section 4): the base API opened "Feature Locked" already. */
export function isPlanLocked(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === 'PLAN_VIOLATION';
}
