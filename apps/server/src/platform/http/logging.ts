import type { FastifyServerOptions } from 'fastify';

/**
 * Request logs carry a request id and never a secret: the Authorization header and cookies are
 * redacted, bodies are not logged, and the tokens in e-mailed links are cut out of URLs.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}

export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|account)=)[^&#]*/gi, '$1[redacted]');
}
