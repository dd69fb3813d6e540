// No zod here: the web's first load imports these constants.

/** Lifetime of an access token, in seconds (000 section 9). */
export const SESSION_SECONDS = 3600;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
