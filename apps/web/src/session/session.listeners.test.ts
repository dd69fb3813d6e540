import { describe, expect, it } from 'vitest';
import { createAppStore } from '../app/store';
import { makeSession } from '../test/fixtures';
import { mockFetch } from '../test/render';
import { loggedOut } from './session.slice';

describe('sessionListener', () => {
  it('ends the token on the server when the user signs out', async () => {
    const { requests } = mockFetch(() => new Response(null, { status: 204 }));
    const session = makeSession();
    const store = createAppStore({ session });
    store.dispatch(loggedOut({ isByUser: true }));
    await Promise.resolve();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe(`${window.location.origin}/api/auth/logout`);
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${session.token}`);
    expect(store.getState().session.token).toBeNull();
  });

  it('calls nothing when the session merely expired or the server already ended it', async () => {
    const { requests } = mockFetch(() => new Response(null, { status: 204 }));
    const store = createAppStore({ session: makeSession() });
    store.dispatch(loggedOut());
    await Promise.resolve();
    expect(requests).toEqual([]);
  });
});
