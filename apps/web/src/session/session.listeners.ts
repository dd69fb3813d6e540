import { createListenerMiddleware } from '@reduxjs/toolkit';
import { clearStoredSession, writeStoredSession } from './session-storage';
import { loggedIn, loggedOut } from './session.slice';

/** Keeps sessionStorage in step with the session state, so reducers stay pure. */
export const sessionListener = createListenerMiddleware();

sessionListener.startListening({
  actionCreator: loggedIn,
  effect: (action) => {
    writeStoredSession(action.payload);
  },
});

sessionListener.startListening({
  actionCreator: loggedOut,
  effect: () => {
    clearStoredSession();
  },
});
