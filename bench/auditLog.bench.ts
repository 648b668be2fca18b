/**
 * Audit log benchmark (not a test): `npm run bench:audit-log [-- --engine pglite|postgres] [--rows 1000000] [--queries 300]`.
 *
 * Target (issue #16): with 1,000,000 audit rows, filtered pages p95 under 100 ms on both engines.
 * Fills a scratch database (migrated as the app's) with ROWS entries — 2,000 actors, 40 actions in
 * 8 families, 20,000 subjects, a year of timestamps — then times the service's pages
 * (auditLogPage, 50 entries, what GET /admin/audit-log runs) for a mix of filters: none, an actor,
 * an e-mail, an action, a family, a subject, a time range, an action within a time range, and the
 * second page after a cursor.
 */
import { sql } from 'kysely';
import { migrateToLatest } from '../server/db/migrate';
import { auditLogPage, type AuditLogFilters } from '../server/services/auditLog';
import { type BenchEngine, openScratchDatabase } from './support/scratchDatabase';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const ENGINE = (arg('--engine') ?? 'pglite') as BenchEngine;
const ROWS = Number(arg('--rows') ?? 1_000_000);
const QUERIES = Number(arg('--queries') ?? 300);

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function main() {
  const db = await openScratchDatabase(ENGINE, 'audit');
  try {
    await migrateToLatest(db.db);
    const t0 = performance.now();
    await sql`insert into users (id, email, password_hash, support_token)
      select 'u' || g, 'user' || g || '@bench.example', 'x', 'support-' || g from generate_series(1, 2000) g`.execute(db.db);
    await sql`insert into audit_log (actor_user_id, action, target_type, target_id, details, created_at)
      select 'u' || (1 + (g * 7919) % 2000),
             (array['deal','issuer','bond','user','feature','organization','edgar','curve'])[1 + g % 8] || '.' ||
               (array['create','update','delete','merge','set'])[1 + (g / 8) % 5],
             (array['deal','issuer','bond','user','feature','organization','edgar','curve'])[1 + g % 8],
             (g % 20000)::text,
             jsonb_build_object('n', g, 'before', jsonb_build_object('x', g % 97)),
             timestamptz '2025-11-25T00:00:00Z' + (g * (31536000.0 / ${ROWS})) * interval '1 second'
      from generate_series(1::bigint, ${ROWS}) g`.execute(db.db);
    await sql`analyze audit_log`.execute(db.db);
    console.log(`${ENGINE}: ${ROWS.toLocaleString('en-US')} audit rows written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const mixes: Array<[string, (i: number) => AuditLogFilters & { cursor?: string }]> = [
      ['no filter', () => ({})],
      ['actor id', (i) => ({ actor: `u${1 + ((i * 37) % 2000)}` })],
      ['actor e-mail', (i) => ({ actor: `user${1 + ((i * 53) % 2000)}@bench.example` })],
      ['action', (i) => ({ action: `${['deal', 'bond', 'user'][i % 3]}.update` })],
      ['action family', (i) => ({ action: `${['deal', 'issuer', 'edgar'][i % 3]}.` })],
      ['subject', (i) => ({ targetType: 'deal', targetId: String((i * 8 * 97) % 20000) })],
      ['time range', (i) => ({ from: `2026-0${1 + (i % 9)}-01T00:00:00Z`, to: `2026-0${1 + (i % 9)}-08T00:00:00Z` })],
      [
        'action in a week',
        (i) => ({ action: 'deal.create', from: `2026-0${1 + (i % 9)}-01T00:00:00Z`, to: `2026-0${1 + (i % 9)}-08T00:00:00Z` }),
      ],
    ];
    const times = new Map<string, number[]>(mixes.map(([name]) => [name, []]));
    times.set('second page (cursor)', []);
    for (let i = 0; i < QUERIES; i++) {
      const [name, filters] = mixes[i % mixes.length]!;
      const t = performance.now();
      const page = await auditLogPage(db.db, { ...filters(i), limit: 50 });
      times.get(name)!.push(performance.now() - t);
      if (name === 'no filter' && page.nextCursor) {
        const t2 = performance.now();
        await auditLogPage(db.db, { cursor: page.nextCursor, limit: 50 });
        times.get('second page (cursor)')!.push(performance.now() - t2);
      }
    }
    const all = [...times.values()].flat();
    console.log(`\n${'filter'.padEnd(22)} | median ms | p95 ms`);
    for (const [name, xs] of times)
      console.log(`${name.padEnd(22)} | ${pct(xs, 0.5).toFixed(1).padStart(9)} | ${pct(xs, 0.95).toFixed(1).padStart(6)}`);
    console.log(
      `${'all pages'.padEnd(22)} | ${pct(all, 0.5).toFixed(1).padStart(9)} | ${pct(all, 0.95).toFixed(1).padStart(6)}  (target p95 < 100 ms: ${pct(all, 0.95) < 100 ? 'met' : 'MISSED'})`,
    );
  } finally {
    await db.cleanup();
  }
}

await main();
