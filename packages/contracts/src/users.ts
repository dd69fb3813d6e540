import { z } from 'zod';
import { ZEmail, ZSessionUser } from './auth.js';
import { ZUuid } from './common.js';
import { STAFF_ROLES } from './roles.js';

export const ZAddress = z.object({
  country: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  street: z.string().nullable(),
});
export type TAddress = z.infer<typeof ZAddress>;

export const ZUser = ZSessionUser.extend({
  locationId: z.uuid().nullable(),
  address: ZAddress,
  business: z.object({ businessName: z.string(), description: z.string().nullable() }).nullable(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZCreateUserRequest = z.object({
  fullName: z
    .string({ message: 'Enter the full name.' })
    .trim()
    .min(1, 'Enter the full name.')
    .max(120, 'A name has at most 120 characters.'),
  email: ZEmail,
  roles: z
    .array(z.enum(STAFF_ROLES, { message: 'This role does not exist or cannot be given here.' }), {
      message: 'Choose at least one role.',
    })
    .min(1, 'Choose at least one role.')
    .max(STAFF_ROLES.length)
    .describe('Roles of the specification; an owner cannot be created this way'),
  phoneNumber: z
    .string()
    .trim()
    .max(32, 'A phone number has at most 32 characters.')
    .regex(/^[+0-9 ()\-.]*$/, 'A phone number has only digits, spaces, +, -, ( and ).')
    .optional(),
  locationId: ZUuid.optional().describe('The location the staff member works at'),
});
export type TCreateUserRequest = z.infer<typeof ZCreateUserRequest>;
