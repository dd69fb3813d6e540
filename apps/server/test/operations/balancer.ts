import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small round-robin HTTP balancer on loopback, as an operator puts in front of several server
 * processes: each request goes to the next backend with its body streamed through and the
 * client's address appended to X-Forwarded-For; answers stream back unbuffered, so server-sent
 * events pass through. A backend that cannot be reached answers 502.
 */
export type Balancer = {
  port: number;
  /** The backend port each request was sent to, in order. */
  served: number[];
  close: () => Promise<void>;
};

export async function startBalancer(backendPorts: readonly number[]): Promise<Balancer> {
  const served: number[] = [];
  let next = 0;
  const server = http.createServer((req, res) => {
    const port = backendPorts[next++ % backendPorts.length] ?? 0;
    served.push(port);
    const forwarded = req.headers['x-forwarded-for'];
    const client = req.socket.remoteAddress ?? '';
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          'x-forwarded-for': forwarded ? `${String(forwarded)}, ${client}` : client,
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        // An event stream's first bytes must not wait in a buffer.
        res.flushHeaders();
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    });
    // A client that goes away (an aborted stream) ends its backend request too.
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
