import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.js';
import { readMailbox } from './mailbox.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = [
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'forwarded',
  'x-real-ip',
];
const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;

/**
 * Whether the request comes straight from a browser on this machine that asked for this
 * machine by name. The socket address alone is not enough: behind a reverse proxy on the same
 * host every request comes from loopback (the proxy adds forwarding headers), and a page of a
 * DNS-rebinding attacker reaches loopback with its own name in Host.
 */
export function isLocalBrowserRequest(request: FastifyRequest): boolean {
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return LOCAL_HOST.test(request.headers.host ?? '');
}

/**
 * /dev/mailbox: without SMTP, the e-mails the app wrote to DATA_DIR/mail, with their links,
 * so that a person trying the product locally can follow a verification or invitation link.
 * The links in it are secrets (they sign in as their recipient): app.ts registers the page
 * only with DEV_MAILBOX=1, and it answers only a local browser (isLocalBrowserRequest); to
 * anyone else it is the 404 of an unknown page.
 */
export function registerMailbox(app: FastifyInstance, mailDir: string): void {
  app.get(
    '/dev/mailbox',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      if (!isLocalBrowserRequest(request)) {
        throw new AppError('NOT_FOUND', 'This page does not exist.');
      }
      const messages = await readMailbox(mailDir);
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page(messages));
    },
  );
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function linkify(text: string): string {
  return escape(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function page(messages: Awaited<ReturnType<typeof readMailbox>>): string {
  const items = messages.length
    ? messages
        .map(
          (
            m,
          ) => `<article><header><strong>${escape(m.subject)}</strong><span>to ${escape(m.to)} · ${escape(m.date)}</span></header>
<pre>${linkify(m.text)}</pre></article>`,
        )
        .join('\n')
    : '<p class="empty">No e-mail yet. Sign up or invite someone, then reload this page.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Mailbox (local)</title><style>
body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1f2937}
main{max-width:56rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.25rem}
p.lead{color:#4b5563;margin-top:-.5rem}article{background:#fff;border:1px solid #e5e7eb;border-radius:8px;margin:1rem 0;padding:1rem}
header{display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap}header span{color:#6b7280;font-size:.875rem}
pre{white-space:pre-wrap;font:inherit;margin:.75rem 0 0}a{color:#3b5bdb;word-break:break-all}.empty{color:#6b7280}
</style></head><body><main><h1>Mailbox</h1><p class="lead">E-mails written to the data folder because no SMTP server is set (newest first).</p>
${items}</main></body></html>`;
}
