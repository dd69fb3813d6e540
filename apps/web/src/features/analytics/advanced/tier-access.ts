import { PLANS, isPermitted, type Feature } from '@app/contracts';
import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { useGetCurrentSubscriptionQuery } from '../../../api/subscriptions.api';
import { currentPlanId } from '../../../lib/plans';
import { selectBusinessId, selectRoles } from '../../../session/session.slice';
import { isPlanLocked } from '../components/analytics-state';

/**
 * - `checking`: the plan is being read; send nothing yet.
 * - `open` / `locked`: the plan has (or lacks) the feature.
 * - `unknown`: the plan cannot be read (only business roles may read the subscription), so the
 *   calls go out and the server's 403 decides.
 */
export type TierAccess = 'checking' | 'open' | 'locked' | 'unknown';

/**
 * Whether the business's plan has a feature (DESIGN 6), read before the tier's calls are sent:
 * a plan without it then sends none, so no refusal reaches base-api and no "Feature Locked"
 * dialog opens over the page by itself; the page shows its calm locked state instead.
 */
export function usePlanFeature(feature: Feature): TierAccess {
  const roles = useSelector(selectRoles);
  const businessId = useSelector(selectBusinessId);
  const canRead = businessId !== null && isPermitted(roles, 'subscription:read');
  const current = useGetCurrentSubscriptionQuery(businessId ?? '', { skip: !canRead });
  if (!canRead || current.isError) return 'unknown';
  if (!current.isSuccess) return 'checking';
  return PLANS[currentPlanId(current.data)].features.includes(feature) ? 'open' : 'locked';
}

/** Tells the page once a call of the tier was refused for the plan, so it shows its locked state. */
export function useLockOnRefusal(error: unknown, onLocked: () => void): void {
  const isLocked = isPlanLocked(error);
  useEffect(() => {
    if (isLocked) onLocked();
  }, [isLocked, onLocked]);
}
