/**
 * Account field rules, defined once: the server's request schemas and the web forms both use
 * these (spec §5 leaves password strength and e-mail format to us).
 */
import { z } from 'zod';

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

/** Local part, "@", a dotted domain with a 2+ letter TLD; no spaces, no consecutive dots. */
const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Canonical form used for storage and look-up: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** E-mail address (trimmed, lower-cased), at most 254 characters. */
export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Enter your e-mail address')
  .max(EMAIL_MAX_LENGTH, `An e-mail address has at most ${EMAIL_MAX_LENGTH} characters`)
  .regex(EMAIL_PATTERN, 'Enter a valid e-mail address, like name@company.com')
  .refine((v) => !v.includes('..'), 'Enter a valid e-mail address, like name@company.com')
  .transform(normalizeEmail);

/** Character classes counted by the strength rule. */
function characterClasses(password: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
}

/**
 * Why a password is refused, or null when it is acceptable: 12–128 characters, at least two
 * character classes (lower, upper, digits, symbols), not one character repeated.
 */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters`;
  if (/^(.)\1*$/.test(password)) return 'Do not repeat a single character';
  if (characterClasses(password) < 2) return 'Mix at least two of: lower case, upper case, digits, symbols';
  return null;
}

/** A new password (sign-up, reset, change). */
export const passwordSchema = z.string().superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The password typed at login: only bounded, never strength-checked (old passwords still work). */
export const loginPasswordSchema = z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH);

/**
 * First or last name. The validator's own words, not a message: "Required" or "At most 100
 * characters" said nothing of which field, where these read "First name is required." and "Last
 * name must be at most 100 characters." (web/api/humaneError.ts) on the form and from the 400.
 */
export const personNameSchema = z.string().trim().min(1).max(NAME_MAX_LENGTH);

/** Full display name (first and last name joined by a space, spec §5). */
export const fullNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter your name')
  .max(2 * NAME_MAX_LENGTH + 1)
  // A name is shown in e-mails and notifications to others: no line breaks or other control characters in it.
  .refine((name) => !CONTROL_CHARACTERS.test(name), 'A name cannot contain line breaks or other control characters');

/** C0 and C1 control characters (CR, LF, tab, escape …) and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it finds
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** Six-digit authenticator (TOTP) code; spaces are ignored. */
export const totpCodeSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/**
 * E-mailed login code: 10 characters of Crockford base32, shown as XXXXX-XXXXX. Dashes,
 * spaces and case are ignored.
 */
export const emailCodeSchema = z
  .string()
  .max(64)
  .transform((v) => v.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{10}$/, 'Enter the code from the e-mail (10 letters and digits)'));
