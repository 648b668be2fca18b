/**
 * What the API benchmark asks for: random bond-table pages (any primary/secondary sort, 0–2
 * filters, all columns or the web's default set, mostly first pages) and, in the `mixed` mix,
 * the other market read endpoints. Shared by the parent (warm-up, single-client runs) and the
 * client process.
 */
import { DEFAULT_BOND_TABLE_COLUMNS } from '../../common/api/bondTables';
import { BOND_TABLE_COLUMNS } from '../../common/enums';
import { RATING_BUCKETS, TENOR_BUCKET_IDS } from '../../common/market';

export interface Universe {
  bondIds: number[];
  historyBondIds: number[];
  issuerIds: number[];
  sectorCodes: string[];
  seniorities: string[];
  tickers: string[];
}

/** A random bond-table query: any sort (half with a secondary), 0–2 filters, a page of 100. */
export function bondTableUrl(r: () => number, u: Universe): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const q = new URLSearchParams({ sort: pick(BOND_TABLE_COLUMNS), sortDesc: String(r() < 0.5), limit: '100' });
  if (r() < 0.5) q.set('sort2', pick(BOND_TABLE_COLUMNS));
  // Half ask for every column (API users, CSV-like reads), half for the web table's default set.
  if (r() < 0.5) q.set('columns', DEFAULT_BOND_TABLE_COLUMNS.join(','));
  const filters = Math.floor(r() * 3);
  for (let k = 0; k < filters; k++) {
    const f = Math.floor(r() * 6);
    if (f === 0) q.set('rating', pick(['IG', 'HY', ...RATING_BUCKETS]));
    if (f === 1) q.set('sector', pick(u.sectorCodes));
    if (f === 2) q.set('tenor', pick(TENOR_BUCKET_IDS));
    if (f === 3) q.set('seniority', pick(u.seniorities));
    if (f === 4) q.set('callable', String(r() < 0.5));
    if (f === 5) q.set('q', pick(u.tickers).slice(0, 2));
  }
  // Mostly the first pages, sometimes deep.
  q.set('offset', String(r() < 0.7 ? Math.floor(r() * 5) * 100 : Math.floor(r() * 100) * 100));
  return `/v2/bond?${q}`;
}

/** The request mix: 70 % bond-table pages, the rest spread over the other read endpoints. */
export function nextRequest(r: () => number, u: Universe, mix: string): { name: string; url: string } {
  // `only:<endpoint name>` draws from the mixed mix until that endpoint comes up: one endpoint's cost alone.
  if (mix.startsWith('only:')) {
    for (;;) {
      const next = nextRequest(r, u, 'mixed');
      if (next.name === mix.slice(5)) return next;
    }
  }
  const x = r();
  const bond = u.bondIds[Math.floor(r() * u.bondIds.length)]!;
  if (x < 0.7 || mix === 'table') return { name: 'bond table page', url: bondTableUrl(r, u) };
  if (x < 0.75) return { name: 'bond detail', url: `/v2/bond/${bond}` };
  if (x < 0.8)
    return { name: 'price history 1y', url: `/v2/bond/${u.historyBondIds[Math.floor(r() * u.historyBondIds.length)]}/price-history` };
  if (x < 0.83) return { name: 'bond trades', url: `/v2/bond/${bond}/trades?limit=50` };
  if (x < 0.86) return { name: 'issuer curve', url: `/v2/issuer/${u.issuerIds[Math.floor(r() * u.issuerIds.length)]}/curve` };
  if (x < 0.89) return { name: 'trades market-wide', url: '/v2/trade?limit=100' };
  if (x < 0.92)
    return { name: 'market moves 1d', url: `/v2/market/moves?metric=${['price', 'yield', 'spread'][Math.floor(r() * 3)]}&period=1d` };
  if (x < 0.95) return { name: 'issuer search', url: `/v2/issuer?q=${u.tickers[Math.floor(r() * u.tickers.length)]!.slice(0, 2)}` };
  if (x < 0.98) return { name: 'market sectors', url: '/v2/market/sectors' };
  return { name: 'market summary', url: `/v2/market/summary?metric=${['yield', 'spread', 'price', 'volume'][Math.floor(r() * 4)]}` };
}
