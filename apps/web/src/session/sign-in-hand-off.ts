/**
 * What a flow that signs the user out leaves for the sign-in page, read once there: after the
 * business setup, the owner's address and a note that her business is ready. sessionStorage, not
 * router state: the route guard's own redirect to /login (the session just ended) can replace the
 * navigation that would carry the state.
 */
const HAND_OFF_KEY = 'signInHandOff';

export type SignInHandOff = { reason: 'business-set-up'; email: string };

export function saveSignInHandOff(handOff: SignInHandOff): void {
  try {
    window.sessionStorage.setItem(HAND_OFF_KEY, JSON.stringify(handOff));
  } catch {
    // Storage refused: the sign-in page shows without the note.
  }
}

/** The hand-off, if any; it stays until `clearSignInHandOff` (read in a state initializer). */
export function readSignInHandOff(): SignInHandOff | null {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(HAND_OFF_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { reason, email } = parsed as Record<string, unknown>;
    return reason === 'business-set-up' && typeof email === 'string' ? { reason, email } : null;
  } catch {
    return null;
  }
}

export function clearSignInHandOff(): void {
  try {
    window.sessionStorage.removeItem(HAND_OFF_KEY);
  } catch {
    // Nothing to clear.
  }
}
