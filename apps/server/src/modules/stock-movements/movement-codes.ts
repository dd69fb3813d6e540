import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/**
 * The two 6-digit codes of a movement (DESIGN 8). Only a salted hash of each is stored: whoever
 * reads the database cannot validate a movement with what it finds there. A million codes are
 * quickly tried against a hash, so the salt only stops precomputed tables; the real protection
 * is the lock after MAX_CODE_ATTEMPTS wrong tries, counted on the row.
 */

const CODE_SPACE = 1_000_000;
const SCHEME = 'sha256';

export type CodePair = { sourceCode: string; destinationCode: string };

/** Two random codes that differ, so the source's code never opens the destination. */
export function generateCodePair(): CodePair {
  const sourceCode = randomCode();
  let destinationCode = randomCode();
  while (destinationCode === sourceCode) destinationCode = randomCode();
  return { sourceCode, destinationCode };
}

function randomCode(): string {
  return randomInt(0, CODE_SPACE).toString().padStart(6, '0');
}

/** `sha256$<salt>$<digest>`, with a fresh salt per call (per movement and end). */
export function hashCode(code: string): string {
  const salt = randomBytes(16);
  return `${SCHEME}$${salt.toString('base64url')}$${digest(salt, code).toString('base64url')}`;
}

/** Whether `code` is the one `stored` was made from; compared in constant time. */
export function isCodeOf(code: string, stored: string): boolean {
  const [scheme, salt, expected] = stored.split('$');
  if (scheme !== SCHEME || salt === undefined || expected === undefined) return false;
  const wanted = Buffer.from(expected, 'base64url');
  const actual = digest(Buffer.from(salt, 'base64url'), code);
  return wanted.length === actual.length && timingSafeEqual(wanted, actual);
}

function digest(salt: Buffer, code: string): Buffer {
  return createHash('sha256').update(salt).update(code, 'utf8').digest();
}

/**
 * The key that seals the codes inside a stored Idempotency-Key answer: a retry of a creation must
 * answer the codes again, and the database must still hold no plain code. Derived from the app's
 * signing secret, so every server process of the deployment opens what another sealed.
 */
export function deriveCodeKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'stock-movement-codes', 'idempotent-answer', 32));
}

/** AES-256-GCM of the pair, as `iv.tag.ciphertext` in base64url. */
export function sealCodes(codes: CodePair, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(codes), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

export function openCodes(sealed: string, key: Buffer): CodePair {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('sealed movement codes are malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  const plain = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  return JSON.parse(plain) as CodePair;
}
