import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export type MailboxMessage = { file: string; to: string; subject: string; date: string; text: string };

/** The messages the file mailer wrote, newest first (file names start with their time). */
export async function readMailbox(mailDir: string, limit = 50): Promise<MailboxMessage[]> {
  const files = (await readdir(mailDir).catch(() => []))
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .reverse()
    .slice(0, limit);
  return Promise.all(
    files.map(async (file) => {
      const eml = await readFile(path.join(mailDir, file), 'utf8');
      return {
        file,
        to: header(eml, 'To'),
        subject: header(eml, 'Subject'),
        date: header(eml, 'Date'),
        text: plainTextOf(eml),
      };
    }),
  );
}

function header(eml: string, name: string): string {
  const head = eml.split(/\r?\n\r?\n/, 1)[0] ?? '';
  // Folded header lines continue with whitespace.
  const match = new RegExp(`^${name}:([^\\n]*(?:\\n[ \\t][^\\n]*)*)`, 'im').exec(head.replace(/\r\n/g, '\n'));
  return match?.[1]?.replace(/\n[ \t]+/g, ' ').trim() ?? '';
}

/** The text/plain part of an RFC 822 message as nodemailer writes it, quoted-printable decoded. */
export function plainTextOf(eml: string): string {
  const normalized = eml.replace(/\r\n/g, '\n');
  const start = normalized.search(/^Content-Type: text\/plain/im);
  if (start < 0) return '';
  const part = normalized.slice(start);
  const bodyStart = part.indexOf('\n\n');
  const headers = part.slice(0, bodyStart);
  // The part ends at the next boundary line: a boundary that the message's headers name, not any
  // line that starts with two dashes (a soft-wrapped link may, when its token holds "--"). A mail
  // with an attachment nests the text in a multipart/alternative of its own: the nearest wins.
  const boundaries = [...normalized.matchAll(/boundary="?([^";\n]+)"?/gi)].map((match) => match[1]);
  const rest = part.slice(bodyStart + 2);
  const ends = boundaries.map((boundary) => rest.indexOf(`\n--${boundary}`)).filter((index) => index >= 0);
  const body = ends.length === 0 ? rest : rest.slice(0, Math.min(...ends));
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(headers)) return body.trim();
  const bytes = body
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8').trim();
}
