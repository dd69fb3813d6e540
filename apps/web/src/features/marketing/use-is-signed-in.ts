import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { isSessionExpired, selectSession } from '../../session/session.slice';

/** Longest delay setTimeout accepts. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * True while the store holds a session whose token has not expired (restored from sessionStorage
 * at start, 000 section 4). Turns false the moment the token expires, so a public page left open
 * stops offering the dashboard then.
 */
export function useIsSignedIn(): boolean {
  const session = useSelector(selectSession);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (session.token === null || session.expiresAt === null) return undefined;
    const remaining = session.expiresAt - Date.now();
    if (remaining <= 0) return undefined;
    // Re-render when the token expires (or, for a far expiry, check again after the longest wait).
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(remaining, MAX_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [session.token, session.expiresAt, now]);

  return session.token !== null && !isSessionExpired(session);
}
