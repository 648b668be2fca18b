/**
 * A service's refusal of a request, without HTTP: what is unknown (or not the caller's), what
 * conflicts with the current state, what is invalid, what exists but is not the caller's to
 * touch, what has expired, a caller whose proof of identity (session, password) fails, a caller
 * past a limit (invites a day), a locked account, and well-formed input the service cannot
 * compute with. The error handler (server/plugins/errors.ts) answers them 404, 409, 400, 403, 410,
 * 401, 429, 423 and 422 with the message, which names the field.
 */
export type RefusalKind =
  'not found' | 'conflict' | 'invalid' | 'forbidden' | 'gone' | 'unauthorized' | 'too many' | 'locked' | 'unprocessable';

export class ServiceRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
  }
}

export const REFUSAL_STATUS: Record<RefusalKind, number> = {
  'not found': 404,
  conflict: 409,
  invalid: 400,
  forbidden: 403,
  gone: 410,
  unauthorized: 401,
  'too many': 429,
  locked: 423,
  unprocessable: 422,
};

/**
 * An `issuerId` that names no issuer, said the same wherever one is refused (with `bodyRefusal`,
 * common/api/shared): "Issuer is unknown: there is no issuer 99." on the page.
 */
export const unknownIssuer = (issuerId: number): string => `is unknown: there is no issuer ${issuerId}`;
