import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): about 20 ms a hash on one core.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

/** Verified against when the account does not exist, so both failures take the same time. */
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$jgBBBQRPR2fd/IlW7zdAug$Valq17p3mNVzlYfZG4cKISeASzhM3S03p7XA6MPPGYI';

export async function verifyAgainstNothing(password: string): Promise<false> {
  await verifyPassword(DUMMY_HASH, password);
  return false;
}

let commonPasswords: Set<string> | undefined;

/** The ~3,000 most common passwords, shipped in common-passwords.txt; compared without case. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.trim().toLowerCase()),
  );
  return commonPasswords.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose one that is harder to guess.';
