import type { TTillMember } from '@app/contracts';
import { useEffect, useState } from 'react';
import { getErrorMessage, isApiError } from '../../api/api-error';
import { TILL_MESSAGES } from './messages';
import { useFindTillMemberQuery } from './till.api';

/** Typing pauses this long before the member is looked up; Enter (a scanner ends with it) asks at once. */
export const MEMBER_LOOKUP_DELAY_MS = 400;

export type TillMemberState =
  | { status: 'empty' }
  | { status: 'looking' }
  | { status: 'found'; member: TTillMember }
  | { status: 'none' }
  | { status: 'failed'; message: string };

/**
 * The loyalty member the customer reference names, looked up once typing pauses (or at once on
 * `findNow`). Only an answer for the reference as it reads now counts: a member found for an
 * older spelling is not shown.
 */
export function useTillMember(customerRef: string) {
  const ref = customerRef.trim();
  const [asked, setAsked] = useState('');
  useEffect(() => {
    if (ref === '') return;
    const timer = setTimeout(() => setAsked(ref), MEMBER_LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ref]);
  const query = useFindTillMemberQuery(asked, { skip: asked === '' });

  let state: TillMemberState;
  if (ref === '') state = { status: 'empty' };
  else if (asked !== ref || query.isFetching) state = { status: 'looking' };
  else if (query.data && !query.isError) state = { status: 'found', member: query.data };
  else if (isApiError(query.error) && query.error.status === 404) state = { status: 'none' };
  else state = { status: 'failed', message: getErrorMessage(query.error, TILL_MESSAGES.member) };

  return {
    state,
    member: state.status === 'found' ? state.member : null,
    findNow: () => {
      if (ref === '') return;
      if (asked === ref) void query.refetch();
      else setAsked(ref);
    },
  };
}
