/**
 * Freezes an answer and everything it holds, and returns it. For answers memoised and handed to
 * every caller as the same object (server/plugins/answerReuse.ts sends such an answer's JSON text
 * again): frozen, a caller that changes it throws instead of changing every later caller's answer
 * and leaving a stale text behind. An object already frozen is taken as frozen all the way down
 * (it was frozen here), which also ends the walk on shared parts.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
  return value;
}
