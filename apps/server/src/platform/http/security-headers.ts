import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { SiteTrackers } from '../config.js';

/**
 * API answers are JSON, never rendered or framed: they need no more than this (OWASP REST
 * Security Cheat Sheet). HSTS comes with every document of the same host, and browsers keep it
 * for the host; each header here is bytes and work on every call (measured: see bench/).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
});

/** The origins of the configured trackers, which documents may load from (nothing else outside). */
function trackerOrigins(trackers: SiteTrackers | undefined): string[] {
  const urls = [trackers?.analyticsScriptUrl, trackers?.marketingPixelUrl].filter(
    (url): url is string => typeof url === 'string',
  );
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

/**
 * Headers for documents (the web app, the public pages, the API docs, the mailbox): helmet's,
 * with our Content-Security-Policy, which admits the configured trackers' origins for their script,
 * its requests and its pixel images. They are the same for every response, so
 * helmet runs once at start-up against a stand-in response and the result is kept: setting a
 * frozen map per request costs a fraction of running the middleware each time.
 */
export function computeDocumentHeaders(trackers?: SiteTrackers): Readonly<Record<string, string>> {
  const outside = trackerOrigins(trackers);
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let isDone = false;
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...outside],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...outside],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...outside],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, response as unknown as ServerResponse, () => {
    isDone = true;
  });
  if (!isDone) throw new Error('helmet did not complete synchronously');
  return Object.freeze(headers);
}
