import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One e-mail the server's file mailer wrote to DATA_DIR/mail. */
export type Mail = { file: string; to: string; subject: string; text: string };

const MAIL_TIMEOUT_MS = 15_000;
const POLL_MS = 100;

function readHeader(eml: string, name: string): string {
  const head = eml.split('\n\n', 1)[0] ?? '';
  // Folded header lines continue on lines that start with whitespace.
  const match = new RegExp(`^${name}:([^\\n]*(?:\\n[ \\t][^\\n]*)*)`, 'im').exec(head);
  return match?.[1]?.replace(/\n[ \t]+/g, ' ').trim() ?? '';
}

/** Decodes quoted-printable: soft line breaks (`=` at a line end) and `=XX` bytes, read as UTF-8. */
export function decodeQuotedPrintable(body: string): string {
  const latin1 = body
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

/** The text/plain part of a multipart RFC 822 message, decoded. */
export function readPlainText(eml: string): string {
  const start = eml.search(/^Content-Type: text\/plain/im);
  if (start < 0) return '';
  const part = eml.slice(start);
  const bodyStart = part.indexOf('\n\n');
  const headers = part.slice(0, bodyStart);
  // The part ends at the message's own boundary, not at any line that starts with "--": a
  // soft-wrapped link whose token holds "--" may start a line with them.
  const boundary = /boundary="?([^";\n]+)"?/i.exec(eml)?.[1];
  const rest = part.slice(bodyStart + 2);
  const end = boundary === undefined ? -1 : rest.indexOf(`\n--${boundary}`);
  const body = end < 0 ? rest : rest.slice(0, end);
  const isQuotedPrintable = /^Content-Transfer-Encoding: quoted-printable/im.test(headers);
  return (isQuotedPrintable ? decodeQuotedPrintable(body) : body).trim();
}

export function readMails(dataDir: string): Mail[] {
  const mailDir = path.join(dataDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(mailDir).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const eml = readFileSync(path.join(mailDir, file), 'utf8').replace(/\r\n/g, '\n');
    return {
      file,
      to: readHeader(eml, 'To'),
      subject: readHeader(eml, 'Subject'),
      text: readPlainText(eml),
    };
  });
}

/**
 * Waits for the newest mail to an address whose subject contains the given text. Mail leaves
 * through the server's job queue a moment after the HTTP answer, so the folder is read until it
 * appears.
 */
export async function waitForMail(dataDir: string, to: string, subject: string): Promise<Mail> {
  const deadline = Date.now() + MAIL_TIMEOUT_MS;
  for (;;) {
    const mail = readMails(dataDir)
      .reverse()
      .find((m) => m.to.toLowerCase().includes(to.toLowerCase()) && m.subject.includes(subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail "${subject}" to ${to} within ${MAIL_TIMEOUT_MS} ms.`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The first link in the mail's text whose path starts with the given one. */
export function findLink(mail: Mail, pathname: string): string {
  for (const candidate of mail.text.match(/https?:\/\/\S+/g) ?? []) {
    if (new URL(candidate).pathname === pathname) return candidate;
  }
  throw new Error(`The mail "${mail.subject}" has no link to ${pathname}:\n${mail.text}`);
}
