import { setTimeout as sleep } from 'node:timers/promises';
import { plainTextOf as plainText } from '../../src/platform/mail/mailbox.js';

export { plainText };
import type { TestApp } from '../build-app.js';

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
