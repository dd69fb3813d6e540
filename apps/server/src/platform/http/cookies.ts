/** The value of one cookie of a request's Cookie header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export type CookieOptions = {
  path: string;
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  isSecure: boolean;
};

/** A Set-Cookie value that scripts cannot read and other sites never send (SameSite=Strict). */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAge))}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(options.isSecure ? ['Secure'] : []),
  ].join('; ');
}
