import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The address of the client whose request is being handled, for the audit log's "from which
 * address": bound around each route handler (`registerRequestContext`), read by `writeAudit`, so
 * every audited change records it without each service passing it along. Outside a request (a
 * background job) there is none.
 */
const storage = new AsyncLocalStorage<string>();

/** Runs `next` (and everything it starts) with this request's client address. */
export function withClientAddress(address: string | undefined, next: () => void): void {
  if (address) storage.run(address, next);
  else next();
}

export function currentClientAddress(): string | null {
  return storage.getStore() ?? null;
}
