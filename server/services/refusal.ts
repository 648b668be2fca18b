/**
 * A service's refusal of a request, without HTTP: what is unknown (or not the caller's), what
 * conflicts with the current state, what is invalid, what exists but is not the caller's to
 * touch, what has expired, and a caller whose proof of identity (session, password) fails. The
 * error handler (server/plugins/errors.ts) answers them 404, 409, 400, 403, 410 and 401 with the
 * message, which names the field.
 */
export type RefusalKind = 'not found' | 'conflict' | 'invalid' | 'forbidden' | 'gone' | 'unauthorized';

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
};
