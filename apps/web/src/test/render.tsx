import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/app-providers';
import { createAppStore, type AppStore } from '../app/store';
import type { SessionState } from '../session/session.slice';
import { signedOut } from './fixtures';

type Options = { store?: AppStore; session?: SessionState };

function resolveStore(options: Options): AppStore {
  return options.store ?? createAppStore({ session: options.session ?? signedOut() });
}

export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const store = resolveStore(options);
  return { store, ...render(<AppProviders store={store}>{ui}</AppProviders>) };
}

/** Renders routes in a memory router, with the app's store and theme. */
export function renderRoutes(
  routes: RouteObject[],
  options: Options & {
    initialEntries?: (string | { pathname: string; search?: string; state?: unknown })[];
  } = {},
) {
  const store = resolveStore(options);
  const router = createMemoryRouter(routes, { initialEntries: options.initialEntries ?? ['/'] });
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router, ...view };
}

export type FetchHandler = (request: Request) => Response | Promise<Response>;

/** An answer of a fake server: a method (GET unless named), a path or a pattern of paths, and the answer. */
export type Route = {
  method?: string;
  path: string | RegExp;
  answer: (request: Request) => Response | Promise<Response>;
};

/** A fake server: the first route of the request's method and path answers; anything else is a 404 without a body. */
export function serveRoutes(routes: readonly Route[]): FetchHandler {
  return (request) => {
    const url = new URL(request.url);
    const route = routes.find(
      (candidate) =>
        (candidate.method ?? 'GET') === request.method &&
        (typeof candidate.path === 'string'
          ? candidate.path === url.pathname
          : candidate.path.test(url.pathname)),
    );
    return route ? route.answer(request) : new Response(null, { status: 404 });
  };
}

/** Replaces fetch with a fake; every call's Request is recorded. */
export function mockFetch(handler: FetchHandler) {
  const requests: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request.clone());
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}
