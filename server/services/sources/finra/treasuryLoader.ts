/**
 * FINRA's Treasury datasets, loaded like the corporate ones (loader.ts): `treasurySecurities`
 * in a day's keyset-paged pass, `treasuryEndOfDayPriceYield` one trade date at a time, each page
 * committed with its dataset's cursor, so a stop or crash resumes after the last committed page.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { type DatasetLoad, type LoadOptions, loadDaily, loadPass } from './loader';
import { eodPrintOf, treasurySecurityOf } from './records';
import { writeTreasuryPrices, writeTreasurySecurities } from './treasuryWriter';

export const TREASURIES_DATASET = 'treasurySecurities';
export const TREASURY_HISTORY_DATASET = 'treasuryEndOfDayPriceYield';

export const TREASURY_FIELDS = [
  'finraSecurityIdentifier',
  'cusip',
  'issueSymbolIdentifier',
  'issuerName',
  'productSubTypeCode',
  'securityDescription',
  'benchmarkTermCode',
  'couponRate',
  'couponType',
  'maturityDate',
  'lastSalePrice',
  'lastSaleYield',
  'lastTradeDate',
];
export const TREASURY_HISTORY_FIELDS = [
  'tradeDate',
  'finraSecurityIdentifier',
  'cusip',
  'issueSymbolIdentifier',
  'lastSalePrice',
  'lastSaleYield',
];

export function loadTreasurySecurities(db: Kysely<Database>, options: LoadOptions): Promise<DatasetLoad> {
  return loadPass(db, options, TREASURIES_DATASET, TREASURY_FIELDS, [], async (trx, records, result) => {
    const valid = records.map(treasurySecurityOf).filter((s) => s !== null);
    await writeTreasurySecurities(trx, valid, new Date(options.now()));
    result.rows += valid.length;
    result.skipped += records.length - valid.length;
    for (const s of valid)
      if (s.lastSale && (!result.dataThrough || s.lastSale.date > result.dataThrough)) result.dataThrough = s.lastSale.date;
  });
}

export function loadTreasuryHistory(db: Kysely<Database>, options: LoadOptions): Promise<DatasetLoad> {
  return loadDaily(db, options, TREASURY_HISTORY_DATASET, TREASURY_HISTORY_FIELDS, [], async (trx, records, result) => {
    const prints = records.map(eodPrintOf).filter((p) => p !== null);
    const known = prints.length
      ? new Set(
          (
            await trx
              .selectFrom('treasury_securities')
              .select('cusip')
              .where(
                'cusip',
                'in',
                prints.map((p) => p.cusip),
              )
              .execute()
          ).map((s) => s.cusip.trim()),
        )
      : new Set<string>();
    const rows = prints.filter((p) => known.has(p.cusip));
    result.rows += await writeTreasuryPrices(trx, rows);
    result.skipped += records.length - rows.length;
  });
}
