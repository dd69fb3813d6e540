import { z } from 'zod';
import { ZEmail, ZSessionUser } from './auth.js';
import { ZUuid } from './common.js';
import { ZPage, ZPageQuery } from './paging.js';
import { ROLES, STAFF_ROLES } from './roles.js';

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

/** How a member of the business stands: invited (no password yet), active, or disabled. */
export const USER_STATUSES = ['INVITED', 'ACTIVE', 'DISABLED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A member of the business as the Access Management table and the profile read it. */
export const ZBusinessUser = ZUser.extend({
  status: z
    .enum(USER_STATUSES)
    .describe('INVITED until the invitation is accepted; DISABLED by an owner or admin'),
  description: z.string().nullable(),
  pendingEmail: z
    .string()
    .nullable()
    .describe('A new address waiting for its confirmation link; the user keeps `email` until then'),
  createdAt: z.string().describe('ISO-8601 time the account was created'),
});
export type TBusinessUser = z.infer<typeof ZBusinessUser>;

/** `GET /api/users/business-users`: owners first, then by name. */
export const ZBusinessUserPage = ZPage(ZBusinessUser);
export type TBusinessUserPage = z.infer<typeof ZBusinessUserPage>;

const optionalProfileText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} has at most ${max} characters.`)
    .optional()
    .transform((value) => (value === '' ? null : value))
    .describe(`${label}; an empty string clears it, an absent field keeps it`);

export const ZUserAddressInput = z.object({
  country: optionalProfileText(100, 'The country'),
  zipCode: optionalProfileText(20, 'The postal code'),
  city: optionalProfileText(100, 'The city'),
  state: optionalProfileText(100, 'The state'),
  street: optionalProfileText(200, 'The street'),
});

/**
 * `PUT /api/users/{id}`: only the fields sent change. A new e-mail address takes effect when the
 * link mailed to it is opened; until then the answer shows it as `pendingEmail`.
 */
export const ZUpdateUserRequest = z.object({
  id: z.uuid().optional().describe('Ignored: the path names the user'),
  fullName: z
    .string({ message: 'Enter the full name.' })
    .trim()
    .min(1, 'Enter the full name.')
    .max(120, 'A name has at most 120 characters.')
    .optional(),
  email: ZEmail.optional(),
  username: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .min(3, 'A username needs at least 3 characters.')
        .max(40, 'A username has at most 40 characters.')
        .regex(/^[A-Za-z0-9._-]+$/, 'A username has only letters, digits, dots, dashes and underscores.'),
    ])
    .optional()
    .transform((value) => (value === '' ? null : value))
    .describe('An empty string clears it'),
  phoneNumber: z
    .string()
    .trim()
    .max(32, 'A phone number has at most 32 characters.')
    .regex(/^[+0-9 ()\-.]*$/, 'A phone number has only digits, spaces, +, -, ( and ).')
    .optional()
    .transform((value) => (value === '' ? null : value)),
  description: optionalProfileText(1000, 'The description'),
  address: ZUserAddressInput.optional(),
});
export type TUpdateUserRequest = z.input<typeof ZUpdateUserRequest>;

const ZRoleList = z
  .array(z.enum(ROLES, { message: 'This role does not exist.' }), { message: 'Send a list of roles.' })
  .max(ROLES.length, 'Too many roles.');

/**
 * The role list of `PUT /{id}/roles` (assign: replaces the list; at least one role) and of
 * `PUT /{id}/roles/remove`. Sent as a bare JSON array, or as `{"roles": [...]}`.
 */
export const ZRolesRequest = z
  .union([ZRoleList, z.object({ roles: ZRoleList })])
  .transform((body) => [...new Set(Array.isArray(body) ? body : body.roles)])
  .describe('A JSON array of roles, or an object with `roles`');
export type TRolesRequest = z.input<typeof ZRolesRequest>;

export const ZUserRoles = z.object({
  userId: z.uuid(),
  roles: z.array(z.enum(ROLES)),
});
export type TUserRoles = z.infer<typeof ZUserRoles>;

export const ZUserSuggestion = z.object({
  userId: z.uuid(),
  fullName: z.string(),
  email: z.string(),
});
export type TUserSuggestion = z.infer<typeof ZUserSuggestion>;

/** `GET /api/users/search`: members whose e-mail contains the text, by e-mail. */
export const ZUserSuggestionPage = ZPage(ZUserSuggestion);
export type TUserSuggestionPage = z.infer<typeof ZUserSuggestionPage>;

/** Suggestions start at 2 characters (000 section 9). */
export const USER_SEARCH_MIN_LENGTH = 2;

export const ZUserSearchQuery = ZPageQuery.extend({
  partialEmail: z
    .string({ message: `Type at least ${USER_SEARCH_MIN_LENGTH} characters of the e-mail address.` })
    .trim()
    .min(USER_SEARCH_MIN_LENGTH, `Type at least ${USER_SEARCH_MIN_LENGTH} characters of the e-mail address.`)
    .max(254, 'An e-mail address has at most 254 characters.')
    .describe('The beginning or any part of an e-mail address, without regard to case'),
});
export type TUserSearchQuery = z.input<typeof ZUserSearchQuery>;

export const ZBusinessUsersQuery = ZPageQuery.extend({
  search: z
    .string()
    .trim()
    .max(254, 'The search has at most 254 characters.')
    .optional()
    .describe('Part of the name or e-mail address'),
  status: z.enum(USER_STATUSES, { message: 'status is INVITED, ACTIVE or DISABLED.' }).optional(),
});
export type TBusinessUsersQuery = z.input<typeof ZBusinessUsersQuery>;

export const ZWorkerTotal = z.object({
  total: z.number().int().describe('Members of the business besides its owners, disabled ones included'),
});
export type TWorkerTotal = z.infer<typeof ZWorkerTotal>;

export const ZUserIds = z.array(z.uuid()).describe('Ids of the users of your business');

export const ZLocationParams = z.object({ locationId: z.uuid({ message: 'Must be a valid id.' }) });
export const ZBusinessIdParams = z.object({ businessId: z.uuid({ message: 'Must be a valid id.' }) });

/** Largest profile picture accepted (DESIGN 13: images at most 5 MB). */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
