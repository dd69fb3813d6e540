import { useEffect, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '../../components/loading';
import { loggedOut, selectSession } from '../../session/session.slice';
import { DashboardShell } from '../shell/dashboard-shell';
import { BUSINESS_SETUP_PATH, LOGIN_PATH, UNAUTHORIZED_PATH, decideAccess } from './access-decision';
import { ForbiddenNotice } from './forbidden-notice';

/** Longest delay setTimeout accepts. */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

type ProtectedLayoutProps = {
  /** Replaces the shell in tests; the guard is the same. */
  renderShell?: (content: ReactNode) => ReactNode;
};

/** The guard of every /dashboard route, wrapping the application shell. */
export function ProtectedLayout({ renderShell }: ProtectedLayoutProps) {
  const session = useSelector(selectSession);
  const location = useLocation();
  const dispatch = useDispatch();
  const decision = decideAccess(session, location.pathname);
  const isExpired = decision.kind === 'login' && decision.isExpired;

  useEffect(() => {
    if (isExpired) dispatch(loggedOut());
  }, [dispatch, isExpired]);

  // End the session the moment the token expires, not only at the next navigation.
  useEffect(() => {
    if (session.expiresAt === null) return undefined;
    const delay = Math.max(0, session.expiresAt - Date.now());
    if (delay > MAX_TIMER_DELAY_MS) return undefined;
    const timer = window.setTimeout(() => dispatch(loggedOut()), delay);
    return () => window.clearTimeout(timer);
  }, [dispatch, session.expiresAt]);

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
