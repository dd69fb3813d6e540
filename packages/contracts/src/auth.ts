import { z } from 'zod';
import { SINGLE_LINE_MESSAGE, SINGLE_LINE_TEXT } from './common.js';
import { ROLES } from './roles.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './session.js';

export const ZEmail = z
  .email({ message: 'Enter a valid e-mail address.' })
  .max(254, 'An e-mail address has at most 254 characters.')
  .describe('E-mail address; compared without regard to case');

/** Length only; the server also refuses the most common passwords. */
export const ZPassword = z
  .string({ message: 'Enter a password.' })
  .min(PASSWORD_MIN_LENGTH, `A password needs at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `A password has at most ${PASSWORD_MAX_LENGTH} characters.`);

const ZFullName = z
  .string({ message: 'Enter your full name.' })
  .trim()
  .min(1, 'Enter your full name.')
  .max(120, 'A name has at most 120 characters.')
  .regex(SINGLE_LINE_TEXT, SINGLE_LINE_MESSAGE);

const ZPhoneNumber = z
  .string()
  .trim()
  .max(32, 'A phone number has at most 32 characters.')
  .regex(/^[+0-9 ()\-.]*$/, 'A phone number has only digits, spaces, +, -, ( and ).');

const ZUsername = z
  .string()
  .trim()
  .min(3, 'A username needs at least 3 characters.')
  .max(40, 'A username has at most 40 characters.')
  .regex(/^[A-Za-z0-9._-]+$/, 'A username has only letters, digits, dots, dashes and underscores.');

export const ZRegisterRequest = z.object({
  fullName: ZFullName,
  email: ZEmail,
  password: ZPassword,
  username: ZUsername.optional(),
  phoneNumber: ZPhoneNumber.optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZRegisterResponse = z.object({
  userId: z
    .uuid()
    .describe(
      'Id of the new account; when the address already has an account, a random id of no account, ' +
        'so that the answer does not tell whether it exists',
    ),
  email: z.string(),
  message: z.string(),
});
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;

export const ZLoginRequest = z.object({
  email: z
    .string({ message: 'Enter your e-mail address or username.' })
    .trim()
    .min(1, 'Enter your e-mail address or username.')
    .max(254, 'An e-mail address has at most 254 characters.')
    .describe('E-mail address, or the username in its place'),
  password: z
    .string({ message: 'Enter your password.' })
    .min(1, 'Enter your password.')
    .max(PASSWORD_MAX_LENGTH, `A password has at most ${PASSWORD_MAX_LENGTH} characters.`),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZSessionUser = z.object({
  userId: z.uuid(),
  id: z.uuid().describe('Same value as userId'),
  fullName: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  picture: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  businessId: z.uuid().nullable(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZLoginResponse = z.object({
  token: z.string().describe('HS256 JWT with user_id, business_id, roles and exp'),
  expiresIn: z.number().int().describe('Seconds until the token expires'),
  user: ZSessionUser,
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** Claims of the access token, as the web reads them (000 section 3). */
export type TTokenClaims = {
  user_id: string;
  business_id?: string | null;
  businessId?: string | null;
  businessID?: string | null;
  roles: string[];
  exp: number;
  iat?: number;
};

export const ZResetPasswordRequest = z.object({ email: ZEmail });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZNewPasswordRequest = z.object({ newPassword: ZPassword });
export type TNewPasswordRequest = z.infer<typeof ZNewPasswordRequest>;

export const ZResendVerificationRequest = z.object({ email: ZEmail });
export type TResendVerificationRequest = z.infer<typeof ZResendVerificationRequest>;

/** The purposes of e-mailed links whose page asks, before anyone types, whether the link still works. */
export const CHECKABLE_LINK_PURPOSES = ['RESET_PASSWORD', 'VALIDATE_ACCOUNT'] as const;

export const ZLinkStatusRequest = z.object({
  token: z
    .string({ message: 'The link has no token.' })
    .min(1, 'The link has no token.')
    .max(200, 'The token is too long.')
    .describe('The token of the e-mailed link (in the body, so that it stays out of request logs)'),
  purpose: z
    .enum(CHECKABLE_LINK_PURPOSES, { message: 'Name the purpose of the link.' })
    .describe('RESET_PASSWORD for a reset link, VALIDATE_ACCOUNT for an invitation'),
});
export type TLinkStatusRequest = z.infer<typeof ZLinkStatusRequest>;

export const ZLinkStatusResponse = z.object({
  isUsable: z.boolean().describe('Whether the link can still be used now; nothing else is told'),
});
export type TLinkStatusResponse = z.infer<typeof ZLinkStatusResponse>;

/** `GET /api/demo` (DEMO=1 only): the demo business's owner sign-in, shown on the login page. */
export const ZDemoSignIn = z.object({
  email: z.string(),
  password: z.string(),
  businessName: z.string(),
});
export type TDemoSignIn = z.infer<typeof ZDemoSignIn>;
