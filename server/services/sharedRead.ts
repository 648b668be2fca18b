/**
 * One read in flight per key. Callers that find a cached value expired at the same moment share
 * the read already under way instead of each sending their own: under the API benchmark's load,
 * fifty concurrent requests found the entitlement and maintenance caches expired together and
 * sent fifty identical queries each time.
 */
export function sharedRead<T>(flights: Map<unknown, Promise<T>>, key: unknown, read: () => Promise<T>): Promise<T> {
  const running = flights.get(key);
  if (running) return running;
  const flight = read().finally(() => flights.delete(key));
  flights.set(key, flight);
  return flight;
}
