import {
  ZAlertRequest,
  roleLabel,
  type AlertSeverity,
  type Role,
  type TAlert,
  type TAlertRequest,
} from '@app/contracts';
import { fromLocalDateTime, toLocalDateTime } from '../../lib/local-date-time';
import { validate } from '../../lib/validation';

/** What the compose card holds while a broadcast is written. */
export type ComposeDraft = {
  title: string;
  message: string;
  severity: AlertSeverity;
  audience: 'BUSINESS' | 'STORE';
  storeId: string;
  /** None: every role. */
  roles: Role[];
  /** A datetime-local value; '' for none. */
  expiresAt: string;
};

export const TITLE_MAX = 120;
export const MESSAGE_MAX = 2000;
export const EXPIRY_IN_PAST = 'An alert must expire in the future.';

export const EMPTY_DRAFT: ComposeDraft = {
  title: '',
  message: '',
  severity: 'INFO',
  audience: 'BUSINESS',
  storeId: '',
  roles: [],
  expiresAt: '',
};

/** A sent broadcast back in the compose card, to be changed. */
export function draftFromAlert(alert: TAlert): ComposeDraft {
  return {
    title: alert.title,
    message: alert.message,
    severity: alert.severity,
    audience: alert.scope,
    storeId: alert.storeId ?? '',
    roles: alert.roles ?? [],
    expiresAt: toLocalDateTime(alert.expiresAt),
  };
}

/** The request the draft makes: a store only for one store's audience, roles and expiry only when given. */
export function toAlertRequest(draft: ComposeDraft): TAlertRequest {
  return {
    title: draft.title,
    message: draft.message,
    severity: draft.severity,
    scope: draft.audience,
    storeId: draft.audience === 'STORE' && draft.storeId !== '' ? draft.storeId : null,
    roles: draft.roles.length > 0 ? draft.roles : null,
    expiresAt: draft.expiresAt === '' ? null : (fromLocalDateTime(draft.expiresAt) ?? draft.expiresAt),
  };
}

export type DraftCheck =
  { request: TAlertRequest; errors: null } | { request: null; errors: Record<string, string> };

/** The contract's rules, and an expiry in the future (the server says the same). */
export function checkDraft(draft: ComposeDraft, now: Date = new Date()): DraftCheck {
  const request = toAlertRequest(draft);
  const result = validate(ZAlertRequest, request);
  const errors: Record<string, string> = { ...(result.errors ?? {}) };
  if (draft.expiresAt !== '' && !errors.expiresAt) {
    const expires = fromLocalDateTime(draft.expiresAt);
    if (expires === null) errors.expiresAt = 'Enter a date and time.';
    else if (Date.parse(expires) <= now.getTime()) errors.expiresAt = EXPIRY_IN_PAST;
  }
  return Object.keys(errors).length > 0 ? { request: null, errors } : { request, errors: null };
}

/** "Everyone", or the roles as people read them. */
export function describeRoles(roles: readonly string[] | null): string {
  return roles && roles.length > 0 ? roles.map(roleLabel).join(', ') : 'Everyone';
}

/** "Whole business" or the store's name (a store no longer listed: "One store"). */
export function describeScope(alert: Pick<TAlert, 'scope' | 'storeName'>): string {
  return alert.scope === 'BUSINESS' ? 'Whole business' : (alert.storeName ?? 'One store');
}
