import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../app/store';
import { initialSessionState, type SessionState } from './session.slice';
import { jsonResponse, makeSession } from '../test/fixtures';
import { mockFetch } from '../test/render';
import { connectSessionChannel } from './session-channel';
import { loggedIn, loggedOut } from './session.slice';

const opened: { close: () => void }[] = [];
afterEach(() => {
  for (const channel of opened.splice(0)) channel.close();
});

function tab(session: SessionState = { ...initialSessionState, status: 'checking' }) {
  const store = createAppStore({ session });
  const channel = connectSessionChannel(store);
  opened.push(channel);
  return { store, channel };
}

describe('connectSessionChannel', () => {
  it('hands a new tab the session of an open one, without calling the server', async () => {
    const { requests } = mockFetch(() => jsonResponse(500, {}));
    const first = tab(makeSession());
    const second = tab();
    expect(await second.channel.restore()).toBe(true);
    expect(second.store.getState().session).toMatchObject({
      status: 'ready',
      token: first.store.getState().session.token,
      user: first.store.getState().session.user,
    });
    expect(requests).toEqual([]);
  });

  it('falls back to the refresh cookie when no tab answers, quietly when there is none', async () => {
    const { requests } = mockFetch(() =>
      jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'Please sign in.' }),
    );
    const lone = tab();
    expect(await lone.channel.restore()).toBe(false);
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/auth/refresh']);
    expect(lone.store.getState().session).toMatchObject({ status: 'ready', token: null, message: null });
  });

  it('keeps a sign-in made while the cookie was being tried', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const lone = tab();
    const restoring = lone.channel.restore();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signedIn = makeSession();
    lone.store.dispatch(
      loggedIn({
        token: signedIn.token ?? '',
        expiresAt: signedIn.expiresAt ?? 0,
        user: signedIn.user!,
        businessId: signedIn.businessId,
      }),
    );
    answer(jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' }));
    await restoring;
    expect(lone.store.getState().session.token).toBe(signedIn.token);
  });

  it('signs out the other tabs when the person signs out in one', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    const first = tab(makeSession());
    const second = tab(makeSession());
    first.store.dispatch(loggedOut({ isByUser: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(second.store.getState().session.token).toBeNull();
  });
});
