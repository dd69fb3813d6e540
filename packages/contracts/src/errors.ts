import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';

export const ZFieldErrors = z
  .record(z.string(), z.array(z.string()))
  .describe('Messages per field; the key is the dotted path of the field');

export const ZErrorBody = z
  .object({
    code: z.enum(ERROR_CODES).describe('Machine-readable error code'),
    message: z.string().describe('A sentence a person can read'),
    details: z
      .object({ fieldErrors: ZFieldErrors.optional() })
      .catchall(z.unknown())
      .optional()
      .describe('Field errors on 400, other context where useful'),
  })
  .describe('The one shape of every error answer');

export type TErrorBody = z.infer<typeof ZErrorBody>;
export type TFieldErrors = z.infer<typeof ZFieldErrors>;
