import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { recordEvents } from '../events';
import { ensureSectors } from '../market/simulator/writeReference';
import { attachMissingTrades } from './attachMissing';
import { mapColumns } from './columns';
import type { ImporterResult, ImportContext } from './driver';
import { isBlankRecord } from './lines';
import { RowError } from './report';
import { BOND_COLUMNS, type BondRecord } from './bondFormat';
import { readInBatches } from './rowBatches';
import { type BondRecordSpec, readBondRecords } from './rowParsers';
import { readRowsOnThread } from '../../workers/parsing';
import { rowVersionStamp } from '../../db/rowVersion';

const BATCH = 500;

interface Resolved extends BondRecord {
  issuerId: number;
}

/**
 * Imports the bond reference CSV template: validates every row (CUSIP check digit, dates, coupon,
 * ratings, call schedule), creates issuers that are new (by name), and upserts bonds by CUSIP —
 * an update keeps the bond's id, so its trades and prices stay attached. New or changed ratings
 * are added to bond_ratings (rating history). An unknown sector code rejects the row. Trades an
 * earlier TRACE import kept apart for these CUSIPs join their bond (attachMissingTrades).
 */
export async function importBonds(trx: Kysely<Database>, ctx: ImportContext): Promise<ImporterResult> {
  const { tracker } = ctx;
  const header = await ctx.readHeaderRecord();
  const col = mapColumns(header, BOND_COLUMNS, 'bond reference CSV');

  // A database that was never seeded gets the standard taxonomy (sectors and industries, as the
  // simulator writes it) so reference files can be loaded into an empty installation.
  let sectorRows = await trx.selectFrom('sectors').select(['id', 'code']).execute();
  if (sectorRows.length === 0) {
    await ensureSectors(trx);
    sectorRows = await trx.selectFrom('sectors').select(['id', 'code']).execute();
  }
  const sectors = new Map(sectorRows.map((s) => [s.code.toUpperCase(), s.id]));
  const issuers = new Map(
    (await trx.selectFrom('issuers').select(['id', 'name']).execute()).map((i) => [i.name.trim().toLowerCase(), i.id]),
  );
  let issuersCreated = 0;
  let inserted = 0;
  let updated = 0;
  let ratingChanges = 0;
  const touched: number[] = [];
  let batch = new Map<string, Resolved>();
  let writing = true;
  const today = new Date(ctx.now()).toISOString().slice(0, 10);

  const flush = async () => {
    if (batch.size === 0) return;
    const rows = [...batch.values()];
    batch = new Map();
    const existing = new Map(
      (
        await trx
          .selectFrom('bonds')
          .select(['cusip', 'rating_sp', 'rating_moody'])
          .where(
            'cusip',
            'in',
            rows.map((r) => r.cusip),
          )
          .execute()
      ).map((b) => [b.cusip.trim(), b]),
    );
    const col = <T>(f: (r: Resolved) => T) => rows.map(f);
    const result = await sql<{ id: number; cusip: string }>`insert into bonds (cusip, isin, issuer_id, description, coupon_type, coupon,
        frequency, day_count, end_of_month, issue_date, first_coupon_date, maturity_date, amount_issued, amount_outstanding,
        seniority, call_schedule, floater_index, quoted_margin, rating_sp, rating_moody, is_benchmark, tenor_at_issue, source)
      select u.*, 'import' from unnest(${col((r) => r.cusip)}::text[], ${col((r) => r.isin)}::text[], ${col((r) => r.issuerId)}::int[],
        ${col((r) => r.description)}::text[], ${col((r) => r.couponType)}::text[], ${col((r) => r.coupon)}::numeric[],
        ${col((r) => r.frequency)}::smallint[], ${col((r) => r.dayCount)}::text[], ${col((r) => r.endOfMonth)}::bool[],
        ${col((r) => r.issueDate)}::date[], ${col((r) => r.firstCouponDate)}::date[], ${col((r) => r.maturityDate)}::date[],
        ${col((r) => r.amountIssued)}::numeric[], ${col((r) => r.amountOutstanding)}::numeric[], ${col((r) => r.seniority)}::text[],
        ${col((r) => JSON.stringify(r.callSchedule))}::jsonb[], ${col((r) => r.floaterIndex)}::text[], ${col((r) => r.quotedMargin)}::numeric[],
        ${col((r) => r.ratingSp)}::text[], ${col((r) => r.ratingMoody)}::text[], ${col((r) => r.isBenchmark)}::bool[],
        ${col((r) => r.tenorAtIssue)}::smallint[]) as u
      on conflict (cusip) do update set isin = excluded.isin, issuer_id = excluded.issuer_id, description = excluded.description,
        coupon_type = excluded.coupon_type, coupon = excluded.coupon, frequency = excluded.frequency, day_count = excluded.day_count,
        issue_date = excluded.issue_date, first_coupon_date = excluded.first_coupon_date, maturity_date = excluded.maturity_date,
        amount_issued = excluded.amount_issued, amount_outstanding = excluded.amount_outstanding, seniority = excluded.seniority,
        call_schedule = excluded.call_schedule, floater_index = excluded.floater_index, quoted_margin = excluded.quoted_margin,
        rating_sp = excluded.rating_sp, rating_moody = excluded.rating_moody, is_benchmark = excluded.is_benchmark,
        tenor_at_issue = excluded.tenor_at_issue, updated_at = ${rowVersionStamp}
      returning id, cusip`.execute(trx);
    const ids = new Map(result.rows.map((r) => [r.cusip.trim(), r.id]));
    const history: { bond_id: number; agency: 'sp' | 'moody'; rating: string; effective_date: string }[] = [];
    for (const r of rows) {
      const id = ids.get(r.cusip)!;
      touched.push(id);
      const before = existing.get(r.cusip);
      if (before) updated += 1;
      else inserted += 1;
      // A new bond's ratings date from its issue; a change on an existing bond dates from today.
      const since = before ? today : r.issueDate;
      if (r.ratingSp && r.ratingSp !== before?.rating_sp)
        history.push({ bond_id: id, agency: 'sp', rating: r.ratingSp, effective_date: since });
      if (r.ratingMoody && r.ratingMoody !== before?.rating_moody) {
        history.push({ bond_id: id, agency: 'moody', rating: r.ratingMoody, effective_date: since });
      }
    }
    if (history.length > 0) await trx.insertInto('bond_ratings').values(history).execute();
    ratingChanges += history.length;
  };

  const spec: BondRecordSpec = { headerLength: header.length, col };
  const rows = readInBatches(
    ctx.records,
    (record) => isBlankRecord(record.fields),
    (records, onThread) => (onThread ? readRowsOnThread('bondRecords', records, spec) : readBondRecords(records, spec)),
    () => ctx.rowsOnThread(),
  );
  for await (const { item, parsed } of rows) {
    const { number } = item;
    tracker.row();
    try {
      if (!parsed.ok) throw new RowError(parsed.error);
      const record = parsed.value;
      const sectorId = sectors.get(record.sectorCode);
      if (sectorId === undefined) {
        tracker.unknownIdentifiers += 1;
        throw new RowError(`"sector_code" is not a known sector: "${record.sectorCode}"`);
      }
      if (!writing) continue;
      let issuerId = issuers.get(record.issuerName.toLowerCase());
      if (issuerId === undefined) {
        const created = await trx
          .insertInto('issuers')
          .values({
            name: record.issuerName,
            display_name: record.issuerName,
            ticker: record.issuerTicker,
            sector_id: sectorId,
            country_of_risk: record.country,
            corporate_structure: 'OpCo',
            parent_issuer_id: null,
            sec_cik: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        issuerId = created.id;
        issuers.set(record.issuerName.toLowerCase(), issuerId);
        issuersCreated += 1;
      }
      batch.set(record.cusip, { ...record, issuerId });
      tracker.rowsImported += 1;
      if (batch.size >= BATCH) await flush();
    } catch (err) {
      if (ctx.rejectRow(number, err)) {
        writing = false;
        batch.clear();
      }
    }
  }
  if (!writing) return { details: {} };
  await flush();
  const missingTradesAttached = await attachMissingTrades(trx, [...new Set(touched)]);
  const details = { bondsInserted: inserted, bondsUpdated: updated, issuersCreated, ratingChanges, missingTradesAttached };
  if (touched.length > 0) await recordEvents(trx, [{ type: 'bonds.imported', payload: { ...details, bondIds: touched.slice(0, 1000) } }]);
  return { details, touchedBondIds: [...new Set(touched)] };
}
