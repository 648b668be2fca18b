/**
 * The web app's one clock. Pages ask `useNow()` for "now" instead of reading the machine's clock,
 * so a test renders them at a fixed time (`<ClockProvider now={() => fixed}>`, or `renderPage`'s
 * `now` option) and what they show or send does not depend on the day the test runs.
 */
import { createContext, type ReactNode, useContext } from 'react';

/** Milliseconds since the epoch, read when called (a handler reads it when it runs, not at render). */
export type Now = () => number;

const machineClock: Now = () => Date.now();

const ClockContext = createContext<Now>(machineClock);

/** Sets the clock for everything below; without one, pages read the machine's clock. */
export function ClockProvider({ now, children }: { now: Now; children: ReactNode }) {
  return <ClockContext.Provider value={now}>{children}</ClockContext.Provider>;
}

/** The clock in use: call it for the current time in milliseconds. */
export function useNow(): Now {
  return useContext(ClockContext);
}
