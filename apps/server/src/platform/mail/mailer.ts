import { chmod, link, mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** A file sent with a message (a purchase order's PDF): its bytes in base64, as the queue stores JSON. */
export type MailAttachment = { filename: string; contentType: string; contentBase64: string };

/** A rendered message, as the services build it. */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
};

/**
 * A message taken from the mail queue. `key` is made when the mail is queued: it names the
 * message (Message-ID) and its file, so that a second attempt is recognised as the same message.
 */
export type QueuedMail = OutgoingMail & { key: string; queuedAt: string };

export type Mailer = { send: (mail: QueuedMail) => Promise<void>; close: () => void };

/**
 * With SMTP_URL, mail goes out through SMTP. Without it, every message is written as one RFC 822
 * `.eml` file under DATA_DIR/mail and the log says which file (never the link: links are secrets).
 * Both set the Message-ID from the key, so a repeated attempt carries the same Message-ID.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  mailDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, mailDir, log } = options;
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  const message = (mail: QueuedMail) => ({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: (mail.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.contentBase64,
      encoding: 'base64',
    })),
    messageId: `<${mail.key}@${domain}>`,
  });
  if (smtpUrl) {
    // nodemailer waits minutes by default; an attempt must end well within the job's expiry
    // (120 s), or a retry could run beside it.
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    return {
      send: async (mail) => {
        await transport.sendMail(message(mail));
        log.info({ to: mail.to, subject: mail.subject, key: mail.key }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await transport.sendMail(message(mail));
      const file = await writeMailFile(mailDir, mail, info.message as Buffer);
      log.info(
        { to: mail.to, subject: mail.subject, key: mail.key, file },
        'mail written to file (no SMTP_URL set)',
      );
    },
    close: () => transport.close(),
  };
}

/**
 * Writes `<queued time>-<key>.eml`: the time first, so the mailbox lists by name, newest first;
 * both parts come from the queued job, so a second attempt finds the same name. The file appears
 * whole or not at all (written aside, then linked into place), and link() refuses to replace an
 * existing file, which makes a second attempt a no-op. Links are secrets: 0600 in a 0700 folder.
 */
async function writeMailFile(mailDir: string, mail: QueuedMail, content: Buffer): Promise<string> {
  await mkdir(mailDir, { recursive: true, mode: 0o700 });
  // A folder made by an older release (or by hand) may be wider open.
  await chmod(mailDir, 0o700);
  const stamp = mail.queuedAt.replace(/[:.]/g, '-');
  const file = path.join(mailDir, `${stamp}-${mail.key}.eml`);
  // Not .eml: readers of the folder skip it. The pid keeps two processes' attempts apart.
  const temporary = path.join(mailDir, `.${mail.key}.${process.pid}.tmp`);
  await writeFile(temporary, content, { mode: 0o600 });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temporary);
  }
  return file;
}
