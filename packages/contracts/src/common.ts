import { z } from 'zod';

/**
 * Text other people read on one line (a person's name in the team table, the Logs screen and its
 * export): no line breaks, control characters or bidi overrides, which would let a name forge a
 * second audit line or turn the rest of a line around (security review of issue 10).
 */
export const SINGLE_LINE_TEXT = /^[^\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]*$/u;
export const SINGLE_LINE_MESSAGE = 'A name cannot hold line breaks or control characters.';

export const ZUuid = z.uuid({ message: 'Must be a valid id.' }).describe('A server-generated UUID');

export const ZMessageResponse = z
  .object({ message: z.string().describe('What happened, for a person') })
  .describe('A plain confirmation');
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

export const ZTokenQuery = z.object({
  token: z
    .string({ message: 'The link is missing its token.' })
    .min(1, 'The link is missing its token.')
    .max(200, 'The link token is not valid.')
    .describe('The one-time token from the e-mailed link'),
});

export const ZIdParams = z.object({ id: ZUuid });

export const ZHealth = z.object({ status: z.literal('ok') });

/** What GET /api/ready checked: each part ok, or what is wrong with it. */
export const ZReadiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({
    database: z.string().describe('"ok", or why the database cannot be used'),
    migrations: z.string().describe('"ok" when every migration of this release is applied'),
    queue: z.string().describe('"ok" when the job queue answers'),
  }),
});
export type TReadiness = z.infer<typeof ZReadiness>;

/**
 * The body of a call that takes none (reactivate, discontinue): absent or `{}`; anything else is a
 * 400. Fastify hands a request without a body to validation as `null`, hence nullish.
 */
export const ZNoBody = z.object({}).strict().nullish().describe('No body');
