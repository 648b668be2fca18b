import { Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import {
  BOND_REFERENCE_FIELDS,
  type AttachResult,
  type CreateBondBody,
  type MissingGroupsResponse,
  type MissingTradesResponse,
} from '../../../common/api/tradesMissingBonds';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { ServiceRefusal } from '../refusal';
import { attachIdentifierTo } from './attachMissing';
import { importFile } from './index';
import { repriceAfterImport } from './reprice';

export class MissingBondsError extends ServiceRefusal {}

/** Trades kept apart by identifier, most trades first, with bonds that look like the same issuer's. */
export async function listMissingGroups(
  db: Kysely<Database>,
  q: { q?: string; offset: number; limit: number },
): Promise<MissingGroupsResponse> {
  const prefix = q.q ? `${q.q.toUpperCase().replace(/[%_\\]/g, '')}%` : '%';
  const { rows } = await sql<{
    identifier: string;
    trades: string;
    quantity: string;
    first_at: Date;
    last_at: Date;
    sources: string[];
  }>`select identifier, count(*) as trades, sum(quantity) as quantity, min(execution_time) as first_at,
        max(execution_time) as last_at, array_agg(distinct source) as sources
      from trades_missing_bonds where upper(identifier) like ${prefix}
      group by identifier order by count(*) desc, identifier limit ${q.limit} offset ${q.offset}`.execute(db);
  const totals = await sql<{ groups: string; trades: string }>`select count(distinct identifier) as groups, count(*) as trades
      from trades_missing_bonds where upper(identifier) like ${prefix}`.execute(db);
  const prefixes = [...new Set(rows.filter((r) => r.identifier.length >= 6).map((r) => r.identifier.slice(0, 6).toUpperCase()))];
  const similar = prefixes.length
    ? await db
        .selectFrom('bonds')
        .select(['id', 'cusip', 'description'])
        .where(sql<boolean>`left(cusip, 6) = any(${prefixes}::text[])`)
        .orderBy('cusip')
        .execute()
    : [];
  return {
    groups: rows.map((r) => ({
      identifier: r.identifier,
      trades: Number(r.trades),
      quantity: Number(r.quantity),
      firstTradeAt: new Date(r.first_at).toISOString(),
      lastTradeAt: new Date(r.last_at).toISOString(),
      sources: r.sources,
      sameIssuerBonds: similar
        .filter((b) => b.cusip.slice(0, 6) === r.identifier.slice(0, 6).toUpperCase())
        .slice(0, 10)
        .map((b) => ({ id: b.id, cusip: b.cusip.trim(), description: b.description })),
    })),
    total: Number(totals.rows[0]!.groups),
    totalTrades: Number(totals.rows[0]!.trades),
    offset: q.offset,
    limit: q.limit,
  };
}

/** The kept-apart trades of one identifier, newest first (at most 500). */
export async function missingTrades(db: Kysely<Database>, identifier: string): Promise<MissingTradesResponse> {
  const rows = await db
    .selectFrom('trades_missing_bonds')
    .select(['execution_time', 'quantity', 'price', 'side', 'source'])
    .where('identifier', '=', identifier)
    .orderBy('execution_time', 'desc')
    .limit(500)
    .execute();
  if (rows.length === 0) throw new MissingBondsError('not found', `No trades are waiting under the identifier "${identifier}"`);
  return {
    identifier,
    trades: rows.map((r) => ({
      executionTime: new Date(r.execution_time).toISOString(),
      quantity: Number(r.quantity),
      price: Number(r.price),
      side: r.side,
      source: r.source,
    })),
  };
}

/** Maps an identifier to an existing bond: its trades move to the bond, which is repriced. Audited. */
export async function mapIdentifier(
  db: Kysely<Database>,
  identifier: string,
  bondId: number,
  actorUserId: string,
  now: () => number,
): Promise<AttachResult> {
  const moved = await db.transaction().execute(async (trx) => {
    const bond = await trx.selectFrom('bonds').select(['id', 'cusip']).where('id', '=', bondId).executeTakeFirst();
    if (!bond) throw new MissingBondsError('not found', `No bond has the id ${bondId}`);
    const n = await attachIdentifierTo(trx, identifier, bondId);
    if (n === 0) throw new MissingBondsError('not found', `No trades are waiting under the identifier "${identifier}"`);
    await writeAudit(trx, {
      actorUserId,
      action: 'trades.map-identifier',
      targetType: 'bond',
      targetId: String(bondId),
      details: { identifier, bondCusip: bond.cusip.trim(), tradesAttached: n },
    });
    return n;
  });
  // As after an import: the trades are in whatever happens to the reprice, which says why it failed.
  const reprice = await repriceAfterImport(db, [bondId], new Date(now())).then(
    () => null,
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  );
  return { bondId, tradesAttached: moved, ...(reprice ? { repriceError: reprice } : {}) };
}

/** One template line: fields quoted, in the template's column order (the body refuses quotes and newlines). */
function referenceCsv(body: CreateBondBody): string {
  const line = (values: readonly string[]) => values.map((v) => `"${v}"`).join(',');
  return `${line(BOND_REFERENCE_FIELDS)}\n${line(BOND_REFERENCE_FIELDS.map((f) => body[f] ?? ''))}\n`;
}

/**
 * Creates the bond of a waiting identifier from the reference template's fields, through the
 * reference importer itself (the same validation, issuer creation, audit entry and repricing as
 * an uploaded file); the trades waiting under its CUSIP attach. Refused with the importer's
 * reason (naming the column) when a field is wrong, or when the CUSIP already is a bond.
 */
export async function createBondForIdentifier(
  db: Kysely<Database>,
  body: CreateBondBody,
  actorUserId: string,
  now: () => number,
): Promise<AttachResult> {
  const cusip = (body.cusip ?? '').toUpperCase();
  if (!cusip) throw new MissingBondsError('invalid', 'cusip is required');
  const exists = await db.selectFrom('bonds').select('id').where('cusip', '=', cusip).executeTakeFirst();
  if (exists)
    throw new MissingBondsError('conflict', `A bond with the CUSIP ${cusip} exists (id ${exists.id}): map the identifier to it instead`);
  const waiting = await db
    .selectFrom('trades_missing_bonds')
    .select(sql<string>`count(*)`.as('n'))
    .where('identifier', '=', cusip)
    .executeTakeFirst();
  const report = await importFile(db, 'bonds', Readable.from([referenceCsv({ ...body, cusip })]), {
    actorUserId,
    now,
    fileName: `admin: bond ${cusip} for waiting trades`,
  });
  if (report.error) throw new MissingBondsError('invalid', report.error);
  if (!report.committed) throw new MissingBondsError('invalid', report.rejected[0]?.reason ?? 'The bond was not created');
  const bond = await db.selectFrom('bonds').select('id').where('cusip', '=', cusip).executeTakeFirstOrThrow();
  const left = await db
    .selectFrom('trades_missing_bonds')
    .select(sql<string>`count(*)`.as('n'))
    .where('identifier', '=', cusip)
    .executeTakeFirst();
  const repriceError = report.details?.repriceError;
  return {
    bondId: bond.id,
    tradesAttached: Number(waiting?.n ?? 0) - Number(left?.n ?? 0),
    ...(typeof repriceError === 'string' ? { repriceError } : {}),
  };
}
