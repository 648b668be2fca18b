/**
 * The e-mailed sign-in code belongs to the login attempt that asked for it. Whoever reads the
 * e-mail (a shared inbox, a forwarded message, a phone's preview) must not be signed in by its
 * link on another browser: asking for the code hands the browser that entered the password a
 * random attempt secret (an HttpOnly cookie, `LOGIN_ATTEMPT_COOKIE`), the code's token keeps only
 * its hash, and the code signs in only where the secret is presented. Elsewhere the link says to
 * open it in that browser or to sign in again with the password.
 */
import { ServiceRefusal } from '../refusal';
import { randomToken, sha256 } from './crypto';

export const OTHER_BROWSER =
  'This sign-in link was opened in a different browser from the one where you entered your password. Open it in that browser, or sign in here again with your password.';

/** A new attempt: the secret for the browser, the payload for the code's token. */
export function newLoginAttempt(): { secret: string; payload: { attemptHash: string } } {
  const secret = randomToken();
  return { secret, payload: { attemptHash: sha256(secret) } };
}

/** Refuses a code used without the secret of the attempt that asked for it. */
export function assertSameAttempt(payload: Record<string, unknown> | null | undefined, presented: string | undefined): void {
  const expected = payload?.attemptHash;
  // Codes sent before attempts were bound carry no hash; they expire within 10 minutes.
  if (typeof expected !== 'string') return;
  if (!presented || sha256(presented) !== expected) throw new ServiceRefusal('forbidden', OTHER_BROWSER);
}
