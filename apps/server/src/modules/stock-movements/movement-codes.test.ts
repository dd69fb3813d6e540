import { describe, expect, it } from 'vitest';
import {
  deriveCodeKey,
  generateCodePair,
  hashCode,
  isCodeOf,
  openCodes,
  sealCodes,
} from './movement-codes.js';

describe('movement codes', () => {
  describe('generateCodePair', () => {
    it('gives two different 6-digit codes, leading zeros kept', () => {
      const seen = new Set<string>();
      for (let round = 0; round < 2000; round++) {
        const { sourceCode, destinationCode } = generateCodePair();
        expect(sourceCode).toMatch(/^\d{6}$/);
        expect(destinationCode).toMatch(/^\d{6}$/);
        expect(sourceCode).not.toBe(destinationCode);
        seen.add(sourceCode);
      }
      // Random: 2,000 draws out of a million hardly ever repeat.
      expect(seen.size).toBeGreaterThan(1990);
    });
  });

  describe('hashCode and isCodeOf', () => {
    it('recognises the code it was made from, and no other', () => {
      const stored = hashCode('012345');
      expect(isCodeOf('012345', stored)).toBe(true);
      expect(isCodeOf('012346', stored)).toBe(false);
      expect(isCodeOf('12345', stored)).toBe(false);
      expect(isCodeOf('', stored)).toBe(false);
    });

    it('salts every hash, so equal codes do not give equal hashes', () => {
      const first = hashCode('424242');
      const second = hashCode('424242');
      expect(first).not.toBe(second);
      expect(first).not.toContain('424242');
      expect(isCodeOf('424242', second)).toBe(true);
    });

    it('refuses a stored value of another scheme or a broken one', () => {
      const stored = hashCode('111111');
      expect(isCodeOf('111111', stored.replace('sha256', 'md5'))).toBe(false);
      expect(isCodeOf('111111', 'sha256$onlysalt')).toBe(false);
      expect(isCodeOf('111111', stored.slice(0, -4))).toBe(false);
    });
  });

  describe('sealCodes and openCodes', () => {
    const key = deriveCodeKey('a signing secret of the app, long enough');

    it('opens what it sealed with the same key, and shows no code in the sealed text', () => {
      const codes = { sourceCode: '123456', destinationCode: '654321' };
      const sealed = sealCodes(codes, key);
      expect(sealed).not.toContain('123456');
      expect(sealed).not.toContain('654321');
      expect(openCodes(sealed, key)).toEqual(codes);
      expect(sealCodes(codes, key)).not.toBe(sealed);
    });

    it('refuses another key or a changed text', () => {
      const sealed = sealCodes({ sourceCode: '123456', destinationCode: '654321' }, key);
      expect(() => openCodes(sealed, deriveCodeKey('another secret entirely, as long'))).toThrow();
      const [iv, tag, body] = sealed.split('.');
      const flipped = `${iv}.${tag}.${(body ?? '').startsWith('A') ? 'B' : 'A'}${(body ?? '').slice(1)}`;
      expect(() => openCodes(flipped, key)).toThrow();
    });
  });
});
