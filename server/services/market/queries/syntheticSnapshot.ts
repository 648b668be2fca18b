import type { BondRow } from '../../../../common/api/bond';
import { SP_RATINGS } from '../../../../common/market';
import { mulberry32 } from '../../../../common/random';
import type { Snapshot, SnapshotRecord } from './bondTableSnapshot';

/**
 * A synthetic bond-table snapshot for tests: n bonds with few distinct values per column, so
 * ties run into the thousands, about a tenth to a fifth nulls, and a fixed seed.
 */
export const DAY = '2026-11-20';
const SENIORITIES = ['Senior Unsecured', 'Senior Secured', 'Subordinated'];
const COUNTRIES = ['US', 'GB', 'DE', 'FR'];

export function universe(n: number): Snapshot {
  const r = mulberry32(7);
  const records: SnapshotRecord[] = [];
  for (let id = 1; id <= n; id++) {
    const ticker = `T${Math.floor(r() * 300)}`;
    const maturityDate = `20${26 + Math.floor(r() * 30)}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-15`;
    const row = {
      id,
      seniority: SENIORITIES[Math.floor(r() * 3)]!,
      countryOfRisk: COUNTRIES[Math.floor(r() * 4)]!,
      ratingSP: r() < 0.1 ? null : SP_RATINGS[Math.floor(r() * 16)]!,
      coupon: Math.round(r() * 16) / 2,
      price: r() < 0.2 ? null : Math.round(900 + r() * 200) / 10,
      volume: r() < 0.5 ? 0 : Math.round(r() * 1e7),
      isBenchmark: r() < 0.3,
      maturityDate,
      ticker,
      description: `${ticker} ${maturityDate}`,
    } as unknown as BondRow;
    records.push({
      row,
      rating: row.ratingSP,
      sectorId: 1 + Math.floor(r() * 4),
      issuerId: 1 + Math.floor(r() * 500),
      seniority: row.seniority,
      callable: r() < 0.4,
      amountOutstanding: 1e6,
      cusip: `C${String(id).padStart(8, '0')}`,
      isin: `US${String(id).padStart(10, '0')}`,
      tickerUpper: ticker,
      descriptionUpper: row.description.toUpperCase(),
    });
  }
  return {
    day: DAY,
    asOf: null,
    records,
    orders: new Map(),
    checkedAt: 0,
    builtAt: 0,
    version: {
      asOf: null,
      maxId: n,
      universeAsOf: null,
      tradesMaxId: null,
      treasuryUpdated: null,
      since: { priced: null, bonds: null, issuers: null },
    },
    sectors: [
      { id: 1, code: 'FIN', name: 'Financial', parentId: null },
      { id: 2, code: 'BNK', name: 'Banks', parentId: 1 },
      { id: 3, code: 'IND', name: 'Industrial', parentId: null },
      { id: 4, code: 'UTL', name: 'Utilities', parentId: null },
    ],
  };
}
