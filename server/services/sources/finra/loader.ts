/**
 * Loads FINRA's corporate universe and its end-of-day history, resumably.
 *
 * Pages of one query are fetched a few at a time (bounded concurrency) but committed in order,
 * each in its own transaction with the dataset's cursor, so a stop or a crash resumes after the
 * last committed page and no page is written twice:
 * - corporates (corporateAndAgencySecurities, corporate bonds only): keyset paging on FINRA's
 *   security id; the cursor is the day of the pass and the last id committed. A new day starts a
 *   new pass (last sales and ratings change daily); a finished pass is not repeated that day.
 * - history (endOfDayPriceYield): one trade date at a time; the cursor is the last whole day
 *   loaded and, within a day being loaded, the last security id committed.
 */
import type { Kysely, Transaction } from 'kysely';
import { addDays, isBusinessDay } from '../../../../common/calendar';
import type { Database } from '../../../db/schema';
import { readCursor, saveCursor } from '../sourceState';
import { FINRA_PAGE_LIMIT, type FinraClient, type FinraPage, type FinraQuery, type FinraRecord } from './client';
import { corporateBondOf, eodPrintOf } from './records';
import { FINRA_SOURCE, writeCorporates, writePrints } from './writer';

export const CORPORATES_DATASET = 'corporateAndAgencySecurities';
export const HISTORY_DATASET = 'endOfDayPriceYield';

export const CORPORATE_FIELDS = [
  'finraSecurityIdentifier',
  'cusip',
  'issueSymbolIdentifier',
  'issuerName',
  'productSubTypeCode',
  'couponRate',
  'couponType',
  'maturityDate',
  'isPerpetual',
  'isCallable',
  'nextCallDate',
  'isConvertible',
  'is144A',
  'industryGroup',
  'traceGradeCode',
  'moodysRating',
  'moodyRatingDate',
  'standardAndPoorsRating',
  'standardAndPoorsRatingDate',
  'lastSalePrice',
  'lastSaleYield',
  'lastTradeDate',
];
export const HISTORY_FIELDS = [
  'tradeDate',
  'finraSecurityIdentifier',
  'cusip',
  'issueSymbolIdentifier',
  'productType',
  'lastSalePrice',
  'lastSaleYield',
];

export interface LoadOptions {
  client: FinraClient;
  /** Today (YYYY-MM-DD, New York): the corporates pass's day; history runs to the day before (published overnight). */
  today: string;
  pageLimit?: number;
  /** Pages fetched at once. */
  concurrency?: number;
  /** First history day when the dataset has no cursor yet. */
  historyFrom: string;
  /** The app's clock: when cursors and Treasury securities were written. */
  now: () => number;
}

export interface DatasetLoad {
  rows: number;
  skipped: number;
  bondIds: number[];
  dataThrough: string | null;
}

const idOf = (r: FinraRecord): number => Number(r.finraSecurityIdentifier);

/**
 * Fetches the pages of one keyset query after `after`, `concurrency` at a time, and hands each
 * to `commit` in order; a failed page stops the walk after the pages before it are committed.
 */
async function walk(
  options: LoadOptions,
  dataset: string,
  query: (after: number | null) => FinraQuery,
  after: number | null,
  commit: (records: FinraRecord[], lastId: number) => Promise<void>,
): Promise<number> {
  let total = 0;
  const limit = options.pageLimit ?? FINRA_PAGE_LIMIT;
  const concurrency = Math.max(1, options.concurrency ?? 3);
  for (;;) {
    const q = query(after);
    const settled = await Promise.allSettled(
      Array.from({ length: concurrency }, (_, i) => options.client.page(dataset, q, i * limit, limit)),
    );
    let seen = 0;
    for (const [i, result] of settled.entries()) {
      if (result.status === 'rejected') throw result.reason;
      const page: FinraPage = result.value;
      if (page.records.length === 0) return total;
      // A short page before the query's end means the answer lost records on the way.
      const expected = page.total === null ? null : Math.min(limit, Math.max(0, page.total - i * limit));
      if (expected !== null && page.records.length < expected)
        throw new Error(
          `FINRA's answer to ${dataset} at offset ${i * limit} is truncated: ${page.records.length} of ${expected} records; nothing of it was loaded`,
        );
      const lastId = idOf(page.records[page.records.length - 1]!);
      if (!Number.isFinite(lastId))
        throw new Error(`FINRA's answer to ${dataset} at offset ${i * limit} has records without a finraSecurityIdentifier`);
      await commit(page.records, lastId);
      seen += page.records.length;
      total += page.records.length;
      if (page.records.length < limit) return total;
    }
    if (seen === 0) return total;
    after = idOf(settled.flatMap((s) => (s.status === 'fulfilled' ? s.value.records : [])).at(-1)!);
  }
}

interface PassCursor {
  day: string;
  after: number | null;
  done: boolean;
}

/** What one committed page added to a dataset's load. */
type PageCommit = (trx: Transaction<Database>, records: FinraRecord[], result: DatasetLoad) => Promise<void>;

/**
 * A day's pass over a whole reference dataset (keyset-paged on FINRA's security id): resumes
 * after the last committed page; a new day starts a new pass; a finished pass is not repeated.
 */
export async function loadPass(
  db: Kysely<Database>,
  options: LoadOptions,
  dataset: string,
  fields: string[],
  filters: NonNullable<FinraQuery['compareFilters']>,
  commitPage: PageCommit,
): Promise<DatasetLoad> {
  const saved = await readCursor(db, FINRA_SOURCE, dataset);
  let cursor: PassCursor = saved ? (JSON.parse(saved) as PassCursor) : { day: options.today, after: null, done: false };
  if (cursor.day !== options.today) cursor = { day: options.today, after: null, done: false };
  const result: DatasetLoad = { rows: 0, skipped: 0, bondIds: [], dataThrough: null };
  if (cursor.done) return result;
  const query = (after: number | null): FinraQuery => ({
    fields,
    compareFilters: [
      ...filters,
      ...(after === null ? [] : [{ fieldName: 'finraSecurityIdentifier', fieldValue: after, compareType: 'GREATER' as const }]),
    ],
    sortFields: ['finraSecurityIdentifier'],
  });
  await walk(options, dataset, query, cursor.after, async (records, lastId) => {
    await db.transaction().execute(async (trx) => {
      await commitPage(trx, records, result);
      cursor = { day: options.today, after: lastId, done: false };
      await saveCursor(trx, FINRA_SOURCE, dataset, JSON.stringify(cursor), new Date(options.now()));
    });
  });
  await saveCursor(db, FINRA_SOURCE, dataset, JSON.stringify({ ...cursor, done: true }), new Date(options.now()));
  return result;
}

export function loadCorporates(db: Kysely<Database>, options: LoadOptions): Promise<DatasetLoad> {
  const filters = [{ fieldName: 'productSubTypeCode', fieldValue: 'CORP', compareType: 'EQUAL' as const }];
  return loadPass(db, options, CORPORATES_DATASET, CORPORATE_FIELDS, filters, async (trx, records, result) => {
    const valid = records.map(corporateBondOf).filter((b) => b !== null);
    const written = await writeCorporates(trx, valid, options.today);
    result.rows += valid.length - written.skipped;
    result.skipped += records.length - valid.length + written.skipped;
    result.bondIds.push(...written.bondIds);
    for (const b of valid)
      if (b.lastSale && (!result.dataThrough || b.lastSale.date > result.dataThrough)) result.dataThrough = b.lastSale.date;
  });
}

interface HistoryCursor {
  /** The last whole trade date loaded. */
  through: string;
  /** The day being loaded and the last security id committed of it. */
  day?: string;
  after?: number;
}

/**
 * A daily dataset loaded one trade date at a time, from the day after the last whole day loaded
 * (or options.historyFrom) to yesterday; within a day keyset-paged and resumable like a pass.
 */
export async function loadDaily(
  db: Kysely<Database>,
  options: LoadOptions,
  dataset: string,
  fields: string[],
  filters: NonNullable<FinraQuery['compareFilters']>,
  commitPage: PageCommit,
): Promise<DatasetLoad> {
  const saved = await readCursor(db, FINRA_SOURCE, dataset);
  const cursor: HistoryCursor = saved ? (JSON.parse(saved) as HistoryCursor) : { through: addDays(options.historyFrom, -1) };
  const result: DatasetLoad = { rows: 0, skipped: 0, bondIds: [], dataThrough: null };
  const lastDay = addDays(options.today, -1);
  for (let day = cursor.day ?? addDays(cursor.through, 1); day <= lastDay; day = addDays(day, 1)) {
    if (!isBusinessDay(day)) {
      await saveCursor(db, FINRA_SOURCE, dataset, JSON.stringify({ through: day }), new Date(options.now()));
      continue;
    }
    const resumeAfter = cursor.day === day ? (cursor.after ?? null) : null;
    const query = (after: number | null): FinraQuery => ({
      fields,
      compareFilters: [
        ...filters,
        ...(after === null ? [] : [{ fieldName: 'finraSecurityIdentifier', fieldValue: after, compareType: 'GREATER' as const }]),
      ],
      dateRangeFilters: [{ fieldName: 'tradeDate', startDate: day, endDate: day }],
      sortFields: ['finraSecurityIdentifier'],
    });
    const seen = await walk(options, dataset, query, resumeAfter, async (records, lastId) => {
      await db.transaction().execute(async (trx) => {
        await commitPage(trx, records, result);
        await saveCursor(
          trx,
          FINRA_SOURCE,
          dataset,
          JSON.stringify({ through: addDays(day, -1), day, after: lastId }),
          new Date(options.now()),
        );
      });
    });
    // The latest business day with nothing yet is not published: the next run asks again.
    if (seen === 0 && resumeAfter === null && day === lastDay) break;
    await saveCursor(db, FINRA_SOURCE, dataset, JSON.stringify({ through: day }), new Date(options.now()));
    cursor.day = undefined;
    if (seen > 0) result.dataThrough = day;
  }
  return result;
}

export function loadHistory(db: Kysely<Database>, options: LoadOptions): Promise<DatasetLoad> {
  const filters = [{ fieldName: 'productType', fieldValue: 'CA', compareType: 'EQUAL' as const }];
  return loadDaily(db, options, HISTORY_DATASET, HISTORY_FIELDS, filters, async (trx, records, result) => {
    const prints = records.map(eodPrintOf).filter((p) => p !== null);
    const bonds = prints.length
      ? await trx
          .selectFrom('bonds')
          .select(['id', 'cusip'])
          .where(
            'cusip',
            'in',
            prints.map((p) => p.cusip),
          )
          .execute()
      : [];
    const ids = new Map(bonds.map((b) => [b.cusip.trim(), b.id]));
    const rows = prints.flatMap((p) => (ids.has(p.cusip) ? [{ ...p, bondId: ids.get(p.cusip)! }] : []));
    const written = await writePrints(trx, rows);
    result.rows += written.inserted;
    result.skipped += records.length - rows.length;
    result.bondIds.push(...written.bondIds);
  });
}
