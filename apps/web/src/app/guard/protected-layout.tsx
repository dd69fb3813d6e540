import { SESSION_SECONDS } from '@app/contracts';
import { useEffect, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '../../components/loading';
import { getLastActivityAt, onNextActivity } from '../../session/activity';
import { renewOrEndSession } from '../../session/session-renewal';
import { selectSession } from '../../session/session.slice';
import type { AppDispatch } from '../store';
import { DashboardShell } from '../shell/dashboard-shell';
import { BUSINESS_SETUP_PATH, LOGIN_PATH, UNAUTHORIZED_PATH, decideAccess } from './access-decision';
import { ForbiddenNotice } from './forbidden-notice';

/** Longest delay setTimeout accepts. */
const MAX_TIMER_DELAY_MS = 2_147_483_647;
/** The access token is renewed this long before it lapses. */
const RENEW_AHEAD_MS = 60_000;

type ProtectedLayoutProps = {
  /** Replaces the shell in tests; the guard is the same. */
  renderShell?: (content: ReactNode) => ReactNode;
};

/** The guard of every /dashboard route, wrapping the application shell. */
export function ProtectedLayout({ renderShell }: ProtectedLayoutProps) {
  const session = useSelector(selectSession);
  const location = useLocation();
  const dispatch = useDispatch<AppDispatch>();
  const decision = decideAccess(session, location.pathname);
  const isExpired = decision.kind === 'login' && decision.isExpired;

  // A lapsed access token is renewed with the refresh cookie before anything else happens; a
  // session that cannot be renewed ends, and /login says so.
  useEffect(() => {
    if (isExpired) void dispatch(renewOrEndSession());
  }, [dispatch, isExpired]);

  // All-day sessions: shortly before the token lapses it is renewed if the person was active
  // since it was issued, otherwise at their next sign of life. A tab nobody touches lets its
  // session lapse, and the server ends it after 8 hours idle.
  useEffect(() => {
    if (session.expiresAt === null) return undefined;
    const issuedAt = session.expiresAt - SESSION_SECONDS * 1000;
    const renew = () => void dispatch(renewOrEndSession());
    const delay = Math.max(0, session.expiresAt - RENEW_AHEAD_MS - Date.now());
    if (delay > MAX_TIMER_DELAY_MS) return undefined;
    let cancelWaiting: (() => void) | undefined;
    const timer = window.setTimeout(() => {
      if (getLastActivityAt() > issuedAt) renew();
      else cancelWaiting = onNextActivity(renew);
    }, delay);
    return () => {
      window.clearTimeout(timer);
      cancelWaiting?.();
    };
  }, [dispatch, session.expiresAt]);

  if (isExpired) return <Loading fullScreen />;
  switch (decision.kind) {
    case 'loading':
      return <Loading fullScreen />;
    case 'login':
      return (
        <Navigate
          to={LOGIN_PATH}
          replace
          state={session.isSignedOutByUser ? undefined : { from: `${location.pathname}${location.search}` }}
        />
      );
    case 'business-setup':
      return <Navigate to={BUSINESS_SETUP_PATH} replace />;
    case 'unauthorized':
      return <Navigate to={UNAUTHORIZED_PATH} replace />;
    default: {
      const content = decision.kind === 'forbidden' ? <ForbiddenNotice /> : <Outlet />;
      return renderShell ? renderShell(content) : <DashboardShell>{content}</DashboardShell>;
    }
  }
}
