/**
 * The US Treasury's daily par yield curve, fetched from the Treasury's own site: the current
 * year's file on every run, the years before it on the first (the backfill), and from the year of
 * the last day loaded afterwards (so the last days of December are not missed in January). Only
 * days after the last one loaded are imported, through the curve importer the uploads use, each
 * year's new days in one transaction: a file read again writes nothing, a refused file writes
 * nothing. The bonds are repriced once at the end when days were added.
 */
import { Readable } from 'node:stream';
import { newYorkToday } from '@common/calendar';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { type Importer, runImporter } from '../../importers/driver';
import { repriceAfterImport } from '../../importers/reprice';
import { importTreasury } from '../../importers/treasury';
import type { CursorStore } from '../cursorStore';
import { type SourceClock, getText } from '../sourceHttp';
import { newDays, yieldCurvePath } from './yieldCurveFile';

/** Its row in source_states. */
export const TREASURY_SOURCE = { source: 'treasury', dataset: 'daily-par-yield-curve' } as const;

export const TREASURY_USER_AGENT = 'Bondwise (self-hosted; Treasury daily par yield curve)';

export interface TreasuryLoadOptions {
  baseUrl: string;
  clock: SourceClock;
  /** The last day loaded (ISO). */
  cursor: CursorStore;
  /** Years before the current one loaded on the first run. */
  backfillYears: number;
  userAgent?: string;
  retries?: number;
}

export interface TreasuryLoadResult {
  /** Curve days added. */
  days: number;
  /** The newest curve day the product has. */
  dataThrough: string | null;
  years: number[];
}

/** A year's file the importer refused: nothing of it was written. */
export class TreasuryFileRefused extends Error {
  override name = 'TreasuryFileRefused';
}

export async function loadTreasuryCurve(db: Kysely<Database>, options: TreasuryLoadOptions): Promise<TreasuryLoadResult> {
  const base = options.baseUrl.replace(/\/+$/, '');
  const thisYear = Number(newYorkToday(new Date(options.clock.now())).slice(0, 4));
  let last = await options.cursor.read();
  const firstYear = last ? Number(last.slice(0, 4)) : thisYear - options.backfillYears;
  const result: TreasuryLoadResult = { days: 0, dataThrough: last, years: [] };
  for (let year = firstYear; year <= thisYear; year += 1) {
    // The current year's file may not be there yet on the year's first days.
    const response = await getText(`${base}${yieldCurvePath(year)}`, {
      userAgent: options.userAgent ?? TREASURY_USER_AGENT,
      clock: options.clock,
      allowNotFound: year === thisYear,
      ...(options.retries !== undefined ? { retries: options.retries } : {}),
    });
    result.years.push(year);
    if (response.status === 404) continue;
    const fresh = newDays(response.text, year, last);
    if (fresh.days === 0) continue;
    // The cursor moves in the import's transaction: a refused file moves neither.
    const newest = fresh.lastDay && (last === null || fresh.lastDay > last) ? fresh.lastDay : null;
    const importAndMove: Importer = async (trx, ctx) => {
      const imported = await importTreasury(trx, ctx);
      if (newest) await options.cursor.save(trx, newest);
      return imported;
    };
    const report = await runImporter(db, 'treasury', importAndMove, Readable.from([fresh.csv]), {
      now: () => options.clock.now(),
      fileName: `home.treasury.gov daily par yield curve ${year}`,
    });
    if (!report.committed) {
      const first = report.rejected[0];
      const reason = report.error ?? (first ? `line ${first.line}: ${first.reason}` : 'rejected rows');
      throw new TreasuryFileRefused(`the Treasury's ${year} yield curve file was refused, nothing of it was loaded: ${reason}`);
    }
    result.days += report.rowsImported;
    if (newest) last = newest;
    result.dataThrough = last;
  }
  if (result.days > 0) await repriceAfterImport(db, 'all', new Date(options.clock.now()));
  return result;
}
