import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TSessionUser } from '@app/contracts';
import type { StoredSession } from './session-storage';

export type SessionState = {
  /** 'checking' until the stored session has been read. */
  status: 'checking' | 'ready';
  token: string | null;
  expiresAt: number | null;
  user: TSessionUser | null;
  businessId: string | null;
  loading: boolean;
  error: string | null;
  message: string | null;
  /**
   * True after the user signed out (Logout, or the sign-out after business setup): the next
   * sign-in then starts at the dashboard instead of returning to the last page, which may not
   * fit the next person at this screen. An expired or refused session returns there.
   */
  isSignedOutByUser: boolean;
};

export type SessionRootState = { session: SessionState };

/** What a person changes about herself on the Profile, which the top bar shows. */
export type SessionUserChanges = Partial<
  Pick<TSessionUser, 'fullName' | 'email' | 'username' | 'phoneNumber' | 'picture'>
>;

/** Shown on /login when a session ended without the person signing out. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

export type LoggedOutPayload = {
  /** The person signed out (Logout, or the sign-out after business setup). */
  isByUser?: boolean;
  /** 'ended': the session could not be renewed; /login says so. */
  reason?: 'ended';
  /** Another tab of this browser signed out: this one follows without calling the server. */
  isFromOtherTab?: boolean;
};

export const initialSessionState: SessionState = {
  status: 'checking',
  token: null,
  expiresAt: null,
  user: null,
  businessId: null,
  loading: false,
  error: null,
  message: null,
  isSignedOutByUser: false,
};

export function createSessionState(stored: StoredSession | null): SessionState {
  return {
    ...initialSessionState,
    status: 'ready',
    ...(stored && {
      token: stored.token,
      expiresAt: stored.expiresAt,
      user: stored.user,
      businessId: stored.businessId,
    }),
  };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    sessionRestored: (_state, action: PayloadAction<StoredSession | null>) =>
      createSessionState(action.payload),
    /** Storage is written by the session listener, not here. */
    loggedIn: (state, action: PayloadAction<StoredSession>) => {
      state.isSignedOutByUser = false;
      state.status = 'ready';
      state.token = action.payload.token;
      state.expiresAt = action.payload.expiresAt;
      state.user = action.payload.user;
      state.businessId = action.payload.businessId;
      state.loading = false;
      state.error = null;
    },
    /** The Profile saved: the top bar's name and picture follow without signing in again. */
    sessionUserUpdated: (state, action: PayloadAction<SessionUserChanges>) => {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    loggedOut: (state, action: PayloadAction<LoggedOutPayload | undefined>) => {
      state.isSignedOutByUser = action.payload?.isByUser ?? false;
      state.status = 'ready';
      state.token = null;
      state.expiresAt = null;
      state.user = null;
      state.businessId = null;
      state.loading = false;
      state.error = null;
      state.message = action.payload?.reason === 'ended' ? SESSION_ENDED_MESSAGE : null;
    },
  },
});

export const { sessionRestored, loggedIn, loggedOut, sessionUserUpdated } = sessionSlice.actions;

export const selectSession = (state: SessionRootState): SessionState => state.session;
export const selectToken = (state: SessionRootState): string | null => state.session.token;
export const selectSessionUser = (state: SessionRootState): TSessionUser | null => state.session.user;
export const selectRoles = (state: SessionRootState): readonly string[] =>
  state.session.user?.roles ?? noRoles;
export const selectBusinessId = (state: SessionRootState): string | null =>
  state.session.user?.businessId ?? state.session.businessId;

const noRoles: readonly string[] = [];

export function isSessionExpired(session: SessionState, now: number = Date.now()): boolean {
  return session.expiresAt !== null && session.expiresAt <= now;
}
