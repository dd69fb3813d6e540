/** Time for rules that depend on it (lockouts, link expiry, renewals): tests set their own. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };
