import { randomUUID } from 'node:crypto';

export type Person = { fullName: string; email: string; password: string };

/** A password the server accepts (long enough, not a common one). */
export const OWNER_PASSWORD = 'plum-Orchard-47-lantern';
export const STAFF_PASSWORD = 'quiet-Harbour-82-sextant';

/** An address no other test (or earlier run against the same database) has used. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}@example.test`;
}

export function newOwner(fullName = 'Olivia Owner'): Person {
  return { fullName, email: uniqueEmail('owner'), password: OWNER_PASSWORD };
}

export function newStaff(fullName = 'Sam Stockman'): Person {
  return { fullName, email: uniqueEmail('staff'), password: STAFF_PASSWORD };
}
