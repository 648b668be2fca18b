import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../projectRoot';
import { CACHES_DOC_PATH, declaringModules, loadAllCaches, renderCachesDoc, serverSources } from './cachesDoc';

/**
 * Module-scope state that is not a cache, each with why. Anything else a server module keeps at
 * module scope in an empty Map, WeakMap, Set or WeakSet, or in a `let`, must be declared in the
 * registry (server/services/caches/registry.ts).
 */
const NOT_CACHES: Record<string, string> = {
  'server/db/channels.ts listeners': "each database's LISTEN connection: a resource, not derived data",
  'server/db/database.ts engines': 'which engine (PGlite or PostgreSQL) a database handle runs on: a fact of the handle',
  'server/db/prepared.ts nextName': 'a counter naming prepared statements',
  'server/plugins/errorReporting.ts sentry': 'the error reporter, set up once at start',
  'server/routes/auth/accountsTestKit.ts ipCounter': "a test kit's counter of client addresses",
  'server/services/accounts/crypto.ts dummyHash':
    'a constant computed once (the hash unknown users are checked against, for equal timing): never stale',
  'server/services/accounts/liveSessions.ts pending':
    'session checks in flight (emptied as each settles); what they learn is accounts.liveSessions',
  'server/services/accounts/mail.ts cachedTransport': 'the SMTP transport and its connections for the configured URL: a resource',
  'server/services/accounts/outboxKick.ts pending': 'outbox deliveries in flight, awaited at shutdown',
  'server/services/caches/registry.ts registered': 'the registry itself',
  'server/services/market/queries/common.ts scanQueues': 'the per-database queue limiting history scans run at once',
  'server/services/market/queries/marketClock.ts clocks': "which clock each database's read models age on: configuration",
  'server/services/market/simulator/tick.ts lastFullReprice':
    "when the live tick last repriced the whole universe: the tick's schedule, not derived data",
  'server/services/pricing/testFixtures.ts cusipCounter': "a test fixture's counter of CUSIPs",
  'server/workers/parsing.ts pool': 'the worker-thread pool, made on first use',
};

/** `const x = new Map()` (empty: state, not a lookup table built from constants) or `let x` at module scope. */
const MODULE_STATE = [
  /^(?:export )?(?:const|let) (\w+)\b[^=]*= new (?:Map|WeakMap|Set|WeakSet|LRUCache)\b(?:<.*>)?\(\)/,
  /^(?:export )?let (\w+)/,
];

function moduleState(): string[] {
  const found: string[] = [];
  for (const file of serverSources()) {
    for (const line of readFileSync(join(projectRoot, file), 'utf8').split('\n')) {
      const name = MODULE_STATE.map((p) => p.exec(line)?.[1]).find(Boolean);
      if (name) found.push(`${file} ${name}`);
    }
  }
  return found;
}

describe('every cache lives in the registry and docs/caches.md lists them', () => {
  it('no server module keeps a map or a variable at module scope outside the registry, but the listed non-caches', () => {
    const found = moduleState();
    expect(
      found.filter((f) => !(f in NOT_CACHES)),
      'declare it with defineCache or defineProcessCache (server/services/caches/registry.ts)',
    ).toEqual([]);
    expect(
      Object.keys(NOT_CACHES).filter((k) => !found.includes(k)),
      'an exception for state that is gone: remove it from NOT_CACHES',
    ).toEqual([]);
  });

  it('docs/caches.md is the table generated from every declared cache', async () => {
    const caches = await loadAllCaches();
    // Each declaring module's caches are registered: none is missing from the table, and the page cites each module.
    expect(new Set(caches.map((c) => c.home))).toEqual(new Set(declaringModules()));
    const doc = join(projectRoot, CACHES_DOC_PATH);
    const committed = existsSync(doc) ? readFileSync(doc, 'utf8') : '';
    expect(committed, 'docs/caches.md is out of date: run npm run docs:caches').toBe(renderCachesDoc(caches));
  });
});
