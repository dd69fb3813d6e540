import { z } from 'zod';

/** Field builders shared by the catalogue's bodies: trimmed texts, money, coordinates. */

/** An optional text: blank is absent; `null` clears it on update. */
export const optionalText = (max: number, label: string) =>
  z
    .string({ message: `${label} must be text.` })
    .trim()
    .max(max, `${label} has at most ${max} characters.`)
    .nullish()
    .transform((value) => (value === '' || value === null ? null : value));

export const requiredText = (max: number, label: string, missing: string) =>
  z.string({ message: missing }).trim().min(1, missing).max(max, `${label} has at most ${max} characters.`);

export const ZPhone = z
  .string({ message: 'A phone number must be text.' })
  .trim()
  .max(32, 'A phone number has at most 32 characters.')
  .regex(/^[+0-9 ()\-.]*$/, 'A phone number has only digits, spaces, +, -, ( and ).')
  .nullish()
  .transform((value) => (value === '' || value === null ? null : value));

export const ZOptionalEmail = z
  .union([z.literal(''), z.email({ message: 'Enter a valid e-mail address.' }).max(254)])
  .nullish()
  .transform((value) => (value === '' || value === undefined ? null : value));

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/** Money in: a decimal string or number with at most two decimals, 0 or more; out: "12.50". */
export const money = (label: string) =>
  z
    .union([z.string().trim(), z.number()], { message: `${label} must be an amount such as 12.50.` })
    .transform((value) => (typeof value === 'number' ? String(value) : value))
    .refine(
      (value) => MONEY.test(value),
      `${label} must be an amount of 0 or more with at most two decimals, such as 12.50.`,
    )
    .transform((value) => Number(value).toFixed(2));

/** Money out: always a decimal string with two decimals. */
export const ZMoney = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe('A decimal amount, e.g. "12.50"');

/** A whole number from 0, as JSON number or form text. */
export const wholeNumber = (label: string, max = 1_000_000_000) =>
  z.coerce
    .number({ message: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(0, `${label} cannot be negative.`)
    .max(max, `${label} is at most ${max}.`);

export const ZLatitude = z.coerce
  .number({ message: 'The latitude must be a number from -90 to 90.' })
  .min(-90, 'The latitude must be a number from -90 to 90.')
  .max(90, 'The latitude must be a number from -90 to 90.');
export const ZLongitude = z.coerce
  .number({ message: 'The longitude must be a number from -180 to 180.' })
  .min(-180, 'The longitude must be a number from -180 to 180.')
  .max(180, 'The longitude must be a number from -180 to 180.');

export const ZTimestamps = {
  createdAt: z.string().describe('ISO-8601 instant'),
  updatedAt: z.string().describe('ISO-8601 instant'),
};
