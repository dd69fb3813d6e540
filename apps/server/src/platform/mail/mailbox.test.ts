import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { plainTextOf } from './mailbox.js';

const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

async function compose(text: string): Promise<string> {
  const info = await transport.sendMail({
    from: 'shop@app.test',
    to: 'owner@shop.test',
    subject: 'Verify',
    text,
    html: `<p>${text}</p>`,
  });
  return (info.message as Buffer).toString('utf8');
}

describe('plainTextOf', () => {
  it('keeps a soft-wrapped link whole when a wrapped line starts with two dashes', async () => {
    // Link tokens are base64url: "--" may fall at the start of a quoted-printable line.
    const link = `https://app.test/api/auth/verify-email?token=${'a'.repeat(40)}${'-'.repeat(120)}end`;
    const text = `Héllo, open ${link} to verify.`;
    const eml = await compose(text);
    expect(eml).toMatch(/\n--/);
    expect(plainTextOf(eml)).toBe(text);
  });

  it('reads a message with a single text part', async () => {
    const info = await transport.sendMail({
      from: 'a@app.test',
      to: 'b@shop.test',
      subject: 's',
      text: 'Plain -- text',
    });
    expect(plainTextOf((info.message as Buffer).toString('utf8'))).toBe('Plain -- text');
  });
});
