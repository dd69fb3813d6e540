import { canSeeCosts } from '@app/contracts';
import { useSelector } from 'react-redux';
import { selectRoles } from '../session/session.slice';

/**
 * Whether the signed-in roles see what stock cost (inventory:value). The server leaves the cost
 * fields out of its answers for the others (the store assistant): screens leave out their columns,
 * totals and the supplier's PDF rather than show blanks.
 */
export function useCanSeeCosts(): boolean {
  return canSeeCosts(useSelector(selectRoles));
}
