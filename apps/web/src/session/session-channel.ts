import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import type { StoredSession } from './session-storage';
import { restoreFromCookie } from './session-renewal';
import { isSessionExpired, loggedIn, loggedOut, type SessionRootState } from './session.slice';

/**
 * The tabs of one browser talk over a BroadcastChannel (same origin only): a new tab asks the
 * others for their session instead of signing in again, and a deliberate sign-out in one tab
 * signs out the others. The session itself stays in each tab's sessionStorage (000 section 4).
 */
const CHANNEL_NAME = 'retail-backoffice.session';
/** How long a new tab waits for another tab's answer before it tries the refresh cookie. */
const ANSWER_WAIT_MS = 250;

type Message = { type: 'ask' } | { type: 'session'; session: StoredSession } | { type: 'signed-out' };

type StoreLike = {
  getState: () => SessionRootState;
  dispatch: Dispatch<UnknownAction> & ((thunk: ReturnType<typeof restoreFromCookie>) => Promise<boolean>);
};

function isStoredSession(value: unknown): value is StoredSession {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<StoredSession>;
  return (
    typeof candidate.token === 'string' &&
    typeof candidate.expiresAt === 'number' &&
    typeof candidate.user === 'object' &&
    candidate.user !== null
  );
}

/** Joins the channel; answers `restore` for the start of a tab without a session, and `close`. */
export function connectSessionChannel(store: StoreLike): {
  restore: () => Promise<boolean>;
  close: () => void;
} {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  let answer: ((session: StoredSession) => void) | null = null;

  if (channel) {
    channel.onmessage = (event: MessageEvent<Message>) => {
      const message = event.data;
      const session = store.getState().session;
      if (message.type === 'ask') {
        if (session.token && session.user && session.expiresAt !== null && !isSessionExpired(session)) {
          const reply: Message = {
            type: 'session',
            session: {
              token: session.token,
              expiresAt: session.expiresAt,
              user: session.user,
              businessId: session.businessId,
            },
          };
          channel.postMessage(reply);
        }
      } else if (message.type === 'session') {
        if (answer && isStoredSession(message.session) && message.session.expiresAt > Date.now()) {
          answer(message.session);
        }
      } else if (message.type === 'signed-out' && session.token) {
        store.dispatch(loggedOut({ isByUser: true, isFromOtherTab: true }));
      }
    };
  }

  const askOtherTabs = () =>
    new Promise<StoredSession | null>((resolve) => {
      if (!channel) {
        resolve(null);
        return;
      }
      const timer = window.setTimeout(() => {
        answer = null;
        resolve(null);
      }, ANSWER_WAIT_MS);
      answer = (session) => {
        window.clearTimeout(timer);
        answer = null;
        resolve(session);
      };
      channel.postMessage({ type: 'ask' } satisfies Message);
    });

  return {
    restore: async () => {
      const handed = await askOtherTabs();
      if (handed) {
        store.dispatch(loggedIn(handed));
        return true;
      }
      return store.dispatch(restoreFromCookie());
    },
    close: () => channel?.close(),
  };
}

/** Tells the other tabs that the person signed out here, so they sign out too. */
export function announceSignOut(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.postMessage({ type: 'signed-out' } satisfies Message);
  channel.close();
}
