import type { Role } from '@app/contracts';
import type { ReactNode } from 'react';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { AppToastContainer } from '../../components/toast';
import { jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, serveRoutes, type Route } from '../../test/render';
import { StockTab } from './stock-tab';
import { DEPOT, EMPTY_JAR, HIGH_STREET, OAT_MILK, RYE_BREAD, pageOf } from './test-data';

export type { Route } from '../../test/render';

export const STOCK_PAGE_PATH = `/api/inventory/page/location/${HIGH_STREET.id}`;

export const BASE_ROUTES: Route[] = [
  { path: '/api/locations/business', answer: () => jsonResponse(200, [HIGH_STREET, DEPOT]) },
  { path: STOCK_PAGE_PATH, answer: () => jsonResponse(200, pageOf([OAT_MILK, RYE_BREAD, EMPTY_JAR])) },
];

/** The stock tab as the page shows it (a plain header), with the toasts. */
export function renderStockTab(routes: Route[] = [], options: { roles?: Role[]; path?: string } = {}) {
  const fake = mockFetch(serveRoutes([...routes, ...BASE_ROUTES]));
  const header = (actions: ReactNode) => (
    <header>
      <h1>Inventory</h1>
      {actions}
    </header>
  );
  const view = renderRoutes(
    [
      {
        path: '/dashboard/inventory',
        element: (
          <>
            <StockTab renderHeader={header} tabs={null} panelProps={{ role: 'tabpanel' }} />
            <AppToastContainer />
          </>
        ),
      },
    ],
    {
      initialEntries: [options.path ?? '/dashboard/inventory'],
      session: makeSession({ roles: options.roles ?? ['ROLE_BUSINESS_OWNER'] }),
    },
  );
  return { ...fake, ...view };
}

/** The JSON body of a recorded request. */
export async function bodyOf(request: Request): Promise<unknown> {
  return JSON.parse(await request.clone().text()) as unknown;
}

export type XhrAnswer = { status: number; body: unknown; headers?: Record<string, string> };

type SentRequest = { url: string; headers: Record<string, string>; form: FormData };

/**
 * XMLHttpRequest as the upload uses it: each request reports half its body sent, then all of
 * it, then answers what `answer` gives. Each step waits for the test's `step()`, or with
 * `isAutomatic` runs on its own at once, so a test sees every state on screen.
 */
export function mockXhr(answer: (request: SentRequest) => XhrAnswer, { isAutomatic = true } = {}) {
  const sent: SentRequest[] = [];
  const waiting: (() => void)[] = [];
  const next = (work: () => void) => {
    if (isAutomatic) setTimeout(work, 0);
    else waiting.push(work);
  };
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = {
      onprogress: null,
      onload: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private requestHeaders: Record<string, string> = {};
    private answerHeaders: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.requestHeaders[name] = value;
    }
    getResponseHeader(name: string): string | null {
      const found = Object.entries(this.answerHeaders).find(
        ([key]) => key.toLowerCase() === name.toLowerCase(),
      );
      return found ? found[1] : null;
    }
    send(form: FormData) {
      const request = { url: this.url, headers: { ...this.requestHeaders }, form };
      sent.push(request);
      const total = 2048;
      next(() => {
        this.upload.onprogress?.({ loaded: 1024, total, lengthComputable: true } as ProgressEvent);
        next(() => {
          this.upload.onprogress?.({ loaded: total, total, lengthComputable: true } as ProgressEvent);
          this.upload.onload?.();
          next(() => {
            const reply = answer(request);
            this.status = reply.status;
            this.answerHeaders = reply.headers ?? {};
            this.responseText = JSON.stringify(reply.body);
            this.onload?.();
          });
        });
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  /** Runs the next step of the request on its way (manual mode). */
  const step = () => act(() => waiting.shift()?.());
  return { sent, step };
}
