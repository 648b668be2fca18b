import { type Kysely, sql } from 'kysely';

/**
 * A trade the pricer would not believe, flagged on its row (issue 32): 'bad print' — through
 * Treasuries by more than half a point, which includes every print at a negative yield — or
 * 'off-market' — rejected by the outlier rule or the basis gate of the close of its own day. Null
 * for a print that close used. The close of the trade's New York day decides it (and a re-priced
 * close decides again); an admin's accept or correction in the review clears it. Flagged trades
 * stay stored and disseminated as printed, but are not shown as valid and not priced from.
 * The partial index serves the admin review's queue of flagged trades.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table trades add column flag text check (flag in ('bad print', 'off-market'))`.execute(db);
  await sql`create index trades_flagged_idx on trades (execution_time) where flag is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index trades_flagged_idx`.execute(db);
  await sql`alter table trades drop column flag`.execute(db);
}
