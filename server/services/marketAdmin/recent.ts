/**
 * Recently created or changed bonds, issuers and deals, newest change first, with who and how:
 * the row's own timestamps and source, and the latest audit entry about it (looked up for the
 * page's rows only, on the audit log's subject index).
 */
import { type Kysely, sql } from 'kysely';
import type { RecentItem, RecentResponse } from '../../../common/api/adminRecent';
import type { Database } from '../../db/schema';

interface Filters {
  kind?: RecentItem['kind'];
  change?: RecentItem['change'];
  byPerson?: boolean;
  offset: number;
  limit: number;
}

interface Row {
  kind: RecentItem['kind'];
  id: number;
  label: string;
  created_at: Date;
  changed_at: Date;
  source: string | null;
  action: string | null;
  action_at: Date | null;
  actor: string | null;
  actor_email: string | null;
  updated: boolean;
}

export async function listRecent(db: Kysely<Database>, f: Filters): Promise<RecentResponse> {
  const items = sql`
    select 'bond' as kind, b.id, b.cusip || ' ' || b.description as label, b.created_at,
           greatest(b.created_at, b.updated_at) as changed_at, b.source
      from bonds b
    union all
    select 'issuer', i.id, i.name || ' (' || i.ticker || ')', i.created_at, i.created_at, null from issuers i
    union all
    select 'deal', d.id, 'Deal ' || d.id || ' — ' || i.ticker || ' ' || i.name, d.created_at,
           greatest(d.created_at, d.updated_at), d.source
      from deals d join issuers i on i.id = d.issuer_id`;
  const where = sql.join(
    [
      sql`true`,
      ...(f.kind ? [sql`x.kind = ${f.kind}`] : []),
      ...(f.change === 'created' ? [sql`x.changed_at = x.created_at`] : []),
      ...(f.change === 'updated' ? [sql`x.changed_at > x.created_at`] : []),
      ...(f.byPerson
        ? [
            sql`exists (select 1 from audit_log a where a.target_type = x.kind and a.target_id = x.id::text and a.actor_user_id is not null)`,
          ]
        : []),
    ],
    sql` and `,
  );
  const [page, count] = await Promise.all([
    sql<Row>`
      select p.*, a.action, a.created_at as action_at, a.actor_user_id as actor, u.email as actor_email
      from (select x.*, x.changed_at > x.created_at as updated from (${items}) x where ${where} order by x.changed_at desc, x.kind, x.id desc
            limit ${f.limit} offset ${f.offset}) p
      left join lateral (select action, created_at, actor_user_id from audit_log a
                         where a.target_type = p.kind and a.target_id = p.id::text order by a.id desc limit 1) a on true
      left join users u on u.id = a.actor_user_id
      order by p.changed_at desc, p.kind, p.id desc`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from (${items}) x where ${where}`.execute(db),
  ]);
  return {
    items: page.rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      label: r.label,
      change: r.updated ? 'updated' : 'created',
      createdAt: r.created_at.toISOString(),
      changedAt: r.changed_at.toISOString(),
      source: r.source,
      lastAction: r.action ? { action: r.action, at: r.action_at!.toISOString(), actor: r.actor, actorEmail: r.actor_email } : null,
    })),
    total: count.rows[0]!.n,
    offset: f.offset,
    limit: f.limit,
  };
}
