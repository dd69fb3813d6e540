import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookies.js';

describe('cookies', () => {
  describe('readCookie', () => {
    it('finds one cookie among several, decoded', () => {
      expect(readCookie('a=1; rb_refresh=abc%2Fdef; b=2', 'rb_refresh')).toBe('abc/def');
    });

    it('answers undefined without the header, the cookie or a decodable value', () => {
      expect(readCookie(undefined, 'x')).toBeUndefined();
      expect(readCookie('a=1', 'x')).toBeUndefined();
      expect(readCookie('x=%E0%A4%A', 'x')).toBeUndefined();
      expect(readCookie('xx=1', 'x')).toBeUndefined();
    });
  });

  describe('serializeCookie', () => {
    it('is httpOnly, SameSite=Strict, scoped to its path, Secure when asked', () => {
      expect(serializeCookie('rb_refresh', 'a b', { path: '/api/auth', maxAge: 60.9, isSecure: true })).toBe(
        'rb_refresh=a%20b; Path=/api/auth; Max-Age=60; HttpOnly; SameSite=Strict; Secure',
      );
      expect(serializeCookie('rb_refresh', '', { path: '/api/auth', maxAge: -5, isSecure: false })).toBe(
        'rb_refresh=; Path=/api/auth; Max-Age=0; HttpOnly; SameSite=Strict',
      );
    });
  });
});
