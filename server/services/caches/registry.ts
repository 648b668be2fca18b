/**
 * The one home of the server's caches and read models (issue #35). Every piece of derived data a
 * module keeps between calls is declared here with what it is kept per, its key, its lifetime and
 * what makes it stale; docs/caches.md is generated from these declarations (`npm run
 * docs:caches`) and `cacheRegistry.test.ts` fails when a module keeps an undeclared map.
 *
 * Two shapes, because the caches are of two kinds:
 * - an owned cache keeps one value per owner object (a database handle, a market version, the
 *   snapshot's records, an answer object) in a WeakMap, so it goes with its owner: each test
 *   file's fresh database starts empty, and an old market version's memos are collected;
 * - a process cache keeps values of pure functions of their key (a day's number, a time zone's
 *   offset) for the whole process, bounded where its declaration says.
 * Lifetimes in milliseconds are measured on the clock the declaring module names — the database's
 * market clock (`marketClock.ts`) or the caller's `now` — never on the machine's.
 */
import { sharedRead } from '../sharedRead';

/** Which clock measures a lifetime: the database's market clock, or the time the caller passes. */
export type CacheClock = 'market clock' | "caller's now";

/** How long an entry is trusted. */
export type CacheLifetime =
  | { ms: number; clock: CacheClock }
  /** Each caller says how long its entries live (the sentence says who asks what). */
  | { givenPerCall: string; clock: CacheClock }
  /** Until its owner is replaced (a new market version, new snapshot records) or dropped. */
  | { untilOwnerReplaced: true }
  /** Until an event listed in invalidatedBy (or the end of the process). */
  | 'until invalidated';

export interface CacheDeclaration {
  /** Unique, `area.what` (the docs' sort order). */
  name: string;
  /** The module that keeps it, from the repository root. */
  home: string;
  /** What it is kept per: one value per owner object, or 'process' for one per process. */
  per:
    'database' | 'market version' | 'snapshot records' | 'curve book' | 'answer object' | 'summary grid' | 'issuer directory' | 'process';
  /** What an entry is keyed by within its owner ('—' when the owner holds a single value). */
  key: string;
  lifetime: CacheLifetime;
  /** What makes an entry stale before its lifetime ends (writes, events, the call that forgets it). */
  invalidatedBy: string[];
  /** Most entries kept, when bounded. */
  bound?: number;
}

interface Registered {
  declaration: CacheDeclaration;
  reset(): void;
}

const registered = new Map<string, Registered>();

function register(declaration: CacheDeclaration, reset: () => void): void {
  if (registered.has(declaration.name)) throw new Error(`cache ${declaration.name} is declared twice`);
  registered.set(declaration.name, { declaration, reset });
}

/** One value per owner object (held weakly: it goes with its owner). */
export interface OwnedCache<O extends object, V> {
  readonly declaration: CacheDeclaration;
  get(owner: O): V | undefined;
  set(owner: O, value: V): void;
  delete(owner: O): void;
  /** The owner's value, made by `make` on first use. */
  of(owner: O, make: () => V): V;
  /** One read in flight per owner and key: callers that find an entry stale together share one read. */
  readOnce<T>(owner: O, key: unknown, read: () => Promise<T>): Promise<T>;
}

/** Declares a cache kept per owner object. */
export function defineCache<O extends object, V>(
  declaration: CacheDeclaration & { per: Exclude<CacheDeclaration['per'], 'process'> },
): OwnedCache<O, V> {
  let values = new WeakMap<O, V>();
  let flights = new WeakMap<O, Map<unknown, Promise<unknown>>>();
  register(declaration, () => {
    values = new WeakMap();
    flights = new WeakMap();
  });
  return {
    declaration,
    get: (owner) => values.get(owner),
    set: (owner, value) => void values.set(owner, value),
    delete: (owner) => void values.delete(owner),
    of(owner, make) {
      let value = values.get(owner);
      if (value === undefined) values.set(owner, (value = make()));
      return value;
    },
    readOnce<T>(owner: O, key: unknown, read: () => Promise<T>): Promise<T> {
      let running = flights.get(owner);
      if (!running) flights.set(owner, (running = new Map()));
      return sharedRead(running as Map<unknown, Promise<T>>, key, read);
    },
  };
}

/**
 * Declares a cache kept for the whole process; `store` is its storage (a Map, a Set, a slot),
 * returned as it is, and emptied by `clear()` when the caches are reset.
 */
export function defineProcessCache<S extends { clear(): void }>(declaration: CacheDeclaration & { per: 'process' }, store: S): S {
  register(declaration, () => store.clear());
  return store;
}

/** A process cache holding one value (a slot). */
export class CacheSlot<T> {
  value: T | undefined = undefined;
  clear(): void {
    this.value = undefined;
  }
}

/** Every declared cache, by name. */
export function registeredCaches(): CacheDeclaration[] {
  return [...registered.values()].map((r) => r.declaration).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Forgets everything every cache keeps: for tests that change the database behind the app's
 * back (a direct insert, a re-seed) and want the next read to see it. The one reset; production
 * code invalidates through the events in each declaration instead.
 */
export function resetAllCaches(): void {
  for (const r of registered.values()) r.reset();
}
