import { setTimeout as sleep } from 'node:timers/promises';
import type { TestApp } from '../build-app.js';

/** The plain-text part of an RFC 822 message, quoted-printable decoded. */
export function plainText(eml: string): string {
  const normalized = eml.replace(/\r\n/g, '\n');
  const match = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*?\n([\s\S]*?)(?:\n--|$)/i.exec(normalized);
  const headerBlock = match ? normalized.slice(0, normalized.indexOf(match[1] ?? '')) : '';
  const body = match?.[1] ?? normalized;
  const isQuotedPrintable = /Content-Transfer-Encoding: quoted-printable/i.test(
    headerBlock.split('Content-Type: text/plain').pop() ?? '',
  );
  if (!isQuotedPrintable) return body;
  return body
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for the newest mail to `to` whose text has a link starting with `linkPrefix`. */
export async function waitForLink(t: TestApp, to: string, linkPrefix: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = (await t.mails()).filter((m) => new RegExp(`^To: .*${escape(to)}`, 'im').test(m)).reverse();
    for (const mail of mails) {
      const link = new RegExp(`${escape(linkPrefix)}[^\\s"<>]*`).exec(plainText(mail))?.[0];
      if (link) return link;
    }
    await sleep(50);
  }
  throw new Error(`no mail to ${to} with a link ${linkPrefix}`);
}

export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
