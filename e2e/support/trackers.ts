import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stands in for an operator's analytics script and marketing pixel: each is a script that records
 * on the page that it ran (`window.__trackers`). The browser tests watch the requests to it.
 */
export async function startTrackerServer(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const name = { '/analytics.js': 'analytics', '/pixel.js': 'pixel' }[request.url?.split('?')[0] ?? ''];
    if (!name) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' })
      .end(`(window.__trackers = window.__trackers || []).push(${JSON.stringify(name)});`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
