import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readOrCreateSecretFile } from '../config.js';
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

const KEY_FILE = 'dev-mailbox-key';

/**
 * The mailbox's key, made once and kept in DATA_DIR (0600): only someone who can read the data
 * folder or the server's log has it. Headers cannot prove that a request comes from this
 * machine: a reverse proxy on the same host may connect from loopback, add no forwarding header
 * and rewrite Host to 127.0.0.1 (nginx's plain proxy_pass does all three).
 */
export function readOrCreateMailboxKey(dataDir: string): string {
  return readOrCreateSecretFile(dataDir, KEY_FILE, 24);
}

function hasKey(given: unknown, key: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The address of the mailbox, with its key, for the start log. */
export function mailboxUrl(appUrl: string, key: string): string {
  return `${appUrl}/dev/mailbox?key=${key}`;
}

/**
 * /dev/mailbox: without SMTP, the e-mails the app wrote to DATA_DIR/mail, with their links,
 * so that a person trying the product locally can follow a verification or invitation link.
 * The links in it are secrets (they sign in as their recipient): app.ts registers the page
 * only with DEV_MAILBOX=1, and it answers only a local browser (isLocalBrowserRequest) that
 * presents the key of the start log (`?key=`); to anyone else it is the 404 of an unknown page.
 */
export function registerMailbox(app: FastifyInstance, mailDir: string, key: string): void {
  app.get(
    '/dev/mailbox',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const given = (request.query as Record<string, unknown> | undefined)?.key;
      if (!isLocalBrowserRequest(request) || !hasKey(given, key)) {
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
    : '<p class="empty">No e-mail yet. Mail arrives here a second or two after it is sent; this page refreshes every few seconds.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta http-equiv="refresh" content="3"><meta name="color-scheme" content="light dark">
<title>Mailbox (local)</title><style>
body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1f2937}
main{max-width:56rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.25rem}
p.lead{color:#4b5563;margin-top:-.5rem}article{background:#fff;border:1px solid #e5e7eb;border-radius:8px;margin:1rem 0;padding:1rem}
header{display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap}header span{color:#6b7280;font-size:.875rem}
pre{white-space:pre-wrap;font:inherit;margin:.75rem 0 0}a{color:#3b5bdb;word-break:break-all}.empty{color:#6b7280}
@media (prefers-color-scheme:dark){body{background:#0f1115;color:#e5e7eb}article{background:#171a21;border-color:#2a2f3a}
p.lead,header span,.empty{color:#9ca3af}a{color:#8fa8ff}}
</style></head><body><main><h1>Mailbox</h1><p class="lead">E-mails written to the data folder because no SMTP server is set (newest first; the page refreshes by itself).</p>
${items}</main></body></html>`;
}
