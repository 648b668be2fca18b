/**
 * A service's refusal of a request, without HTTP: what is unknown (or not the caller's), what
 * conflicts with the current state, and what is invalid. The error handler
 * (server/plugins/errors.ts) answers them 404, 409 and 400 with the message, which names the field.
 */
export type RefusalKind = 'not found' | 'conflict' | 'invalid';

export class ServiceRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
  }
}

export const REFUSAL_STATUS: Record<RefusalKind, number> = { 'not found': 404, conflict: 409, invalid: 400 };
