import { AUTH_PATHS } from '@app/contracts';
import { createListenerMiddleware } from '@reduxjs/toolkit';
import { resolveServiceUrl } from '../api/service-urls';
import { announceSignOut } from './session-channel';
import { clearStoredSession, writeStoredSession } from './session-storage';
import { loggedIn, loggedOut, sessionUserUpdated, type SessionRootState } from './session.slice';

/** Keeps sessionStorage in step with the session state, so reducers stay pure. */
export const sessionListener = createListenerMiddleware();

sessionListener.startListening({
  actionCreator: loggedIn,
  effect: (action) => {
    writeStoredSession(action.payload);
  },
});

sessionListener.startListening({
  actionCreator: sessionUserUpdated,
  effect: (_action, listenerApi) => {
    const { token, expiresAt, user, businessId } = (listenerApi.getState() as SessionRootState).session;
    if (token && expiresAt !== null && user) writeStoredSession({ token, expiresAt, user, businessId });
  },
});

sessionListener.startListening({
  actionCreator: loggedOut,
  effect: (action, listenerApi) => {
    clearStoredSession();
    // A deliberate sign-out also ends the token and the refresh cookie's session on the server,
    // so a copy of either is worthless, and signs out the other tabs. The page does not wait for
    // it; `keepalive` lets it finish while the page navigates away.
    const token = (listenerApi.getOriginalState() as SessionRootState).session.token;
    if (action.payload?.isByUser && !action.payload.isFromOtherTab && token) {
      announceSignOut();
      void fetch(resolveServiceUrl(AUTH_PATHS.logout), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        credentials: 'same-origin',
        keepalive: true,
      }).catch(() => undefined);
    }
  },
});
