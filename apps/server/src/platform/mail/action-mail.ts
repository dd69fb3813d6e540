import type { OutgoingMail } from './mailer.js';

/**
 * The one layout of the product's mails: a greeting, paragraphs, links to act on, a closing line;
 * in plain text and in HTML with every text escaped. Every module's mails are written with it.
 */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export type MailAction = { label: string; link: string };

export const IGNORABLE = 'If you did not expect this e-mail, you can ignore it.';

export function actionMail(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  actions: MailAction[],
  closing: string = IGNORABLE,
): OutgoingMail {
  const text = [
    `${greeting}`,
    '',
    ...lines,
    '',
    ...actions.map(({ label, link }) => `${label}: ${link}`),
    '',
    closing,
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
${actions.map(({ label, link }) => `<p><a href="${escapeHtml(link)}">${escapeHtml(label)}</a></p>`).join('')}<p>${escapeHtml(closing)}</p>`;
  return { to, subject, text, html };
}
