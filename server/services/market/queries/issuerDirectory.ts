import { type Kysely, sql } from 'kysely';
import type { IssuerCurveResponse, IssuerSearchResponse } from '../../../../common/api/issuer';
import type { Database } from '../../../db/schema';
import { type Snapshot, bondTableSnapshot } from './bondTableSnapshot';
import { defineCache } from '../../caches/registry';
import { deepFreeze } from '../../caches/deepFreeze';

/**
 * The issuer screens' reads that need no SQL: search and the issuer curve.
 *
 * Issuer search in memory. The SQL form (`upper(name) like '%AB%'` over every issuer, a bond
 * count per match) cost ~4 ms a search on PGlite, whose WebAssembly `upper()` dominates, and ran
 * on its one backend; a few thousand issuers searched here cost microseconds.
 *
 * Freshness follows the bond-table snapshot: the directory is re-read whenever the snapshot
 * sees data move (new or edited bonds, repricing, an admin's issuer edit or display-name override;
 * checked at most once a second), and at least every ten minutes — the same as the bond table's
 * issuer names. Display names are the admins' overrides where there is one.
 */
interface DirectoryEntry {
  id: number;
  name: string;
  displayName: string;
  ticker: string;
  sectorId: number;
  sectorCode: string;
  tickerUpper: string;
  nameUpper: string;
  displayNameUpper: string;
  bondCount: number;
}

interface Directory {
  entries: DirectoryEntry[];
  byId: Map<number, DirectoryEntry>;
  /** Each issuer's snapshot records (indexes), maturity then id order. */
  bondsOf: Map<number, number[]>;
}

const directories = defineCache<Snapshot['version'], Promise<Directory>>({
  name: 'market.issuerDirectory',
  home: 'server/services/market/queries/issuerDirectory.ts',
  per: 'market version',
  key: '—',
  lifetime: { untilOwnerReplaced: true },
  invalidatedBy: ['a new market version (an issuer or bond edit, a new bond)'],
});

async function readDirectory(db: Kysely<Database>, snapshot: Snapshot): Promise<Directory> {
  const rows = await db
    .selectFrom('issuers as i')
    .innerJoin('sectors as s', 's.id', 'i.sector_id')
    .leftJoin('display_name_overrides as o', (j) => j.onRef('o.subject_id', '=', 'i.id').on('o.subject_type', '=', 'issuer'))
    .select([
      'i.id',
      'i.name',
      'i.ticker',
      'i.sector_id',
      's.code',
      sql<string>`coalesce(o.display_name, i.display_name)`.as('display_name'),
    ])
    .execute();
  const bondsOf = new Map<number, number[]>();
  snapshot.records.forEach((rec, k) => {
    const list = bondsOf.get(rec.issuerId);
    if (list) list.push(k);
    else bondsOf.set(rec.issuerId, [k]);
  });
  const byMaturity = (a: number, b: number) => {
    const x = snapshot.records[a]!.row;
    const y = snapshot.records[b]!.row;
    return x.maturityDate < y.maturityDate ? -1 : x.maturityDate > y.maturityDate ? 1 : x.id - y.id;
  };
  for (const list of bondsOf.values()) list.sort(byMaturity);
  const entries = rows.map((r) => ({
    id: r.id,
    name: r.name,
    displayName: r.display_name,
    ticker: r.ticker,
    sectorId: r.sector_id,
    sectorCode: r.code,
    tickerUpper: r.ticker.toUpperCase(),
    nameUpper: r.name.toUpperCase(),
    displayNameUpper: r.display_name.toUpperCase(),
    bondCount: bondsOf.get(r.id)?.length ?? 0,
  }));
  return { entries, byId: new Map(entries.map((e) => [e.id, e])), bondsOf };
}

async function directoryOf(db: Kysely<Database>): Promise<{ directory: Directory; snapshot: Snapshot }> {
  const snapshot = await bondTableSnapshot(db);
  let directory = directories.get(snapshot.version);
  if (!directory) {
    directory = readDirectory(db, snapshot);
    directories.set(snapshot.version, directory);
    // A failed read is not kept: the next search tries again.
    directory.catch(() => directories.delete(snapshot.version));
  }
  return { directory: await directory, snapshot };
}

/** Sector ids a sector code selects: the sector itself and, for a top-level sector, its industries. */
function sectorIdsOf(snapshot: Snapshot, code: string): Set<number> {
  const ids = new Set<number>();
  for (const s of snapshot.sectors) {
    const parent = s.parentId === null ? undefined : snapshot.sectors.find((p) => p.id === s.parentId);
    if (s.code === code || parent?.code === code) ids.add(s.id);
  }
  return ids;
}

/**
 * Issuers whose ticker starts with, or name/display name contains, the text (case-insensitive),
 * optionally of one sector or industry; ticker matches first, then by display name and id.
 */
export async function searchIssuers(
  db: Kysely<Database>,
  q: { q?: string | undefined; sector?: string | undefined; limit: number },
): Promise<IssuerSearchResponse> {
  const { directory, snapshot } = await directoryOf(db);
  // A pure function of the directory and the query, kept with the directory: typeahead sends the
  // same few prefixes from every desk, and the same object — frozen — is then serialised once
  // (plugins/answerReuse.ts).
  const kept = searches.of(directory, () => new Map());
  const key = `${q.q ?? ''}|${q.sector ?? ''}|${q.limit}`;
  const hit = kept.get(key);
  if (hit) return hit;
  if (kept.size >= SEARCHES_KEPT) kept.delete(kept.keys().next().value!);
  const answer = deepFreeze(searchDirectory(directory, snapshot, q));
  kept.set(key, answer);
  return answer;
}

/** Searches kept per directory (the oldest goes first). */
const SEARCHES_KEPT = 1000;
const searches = defineCache<Directory, Map<string, IssuerSearchResponse>>({
  name: 'market.issuerSearches',
  home: 'server/services/market/queries/issuerDirectory.ts',
  per: 'issuer directory',
  key: 'text, sector and limit',
  lifetime: { untilOwnerReplaced: true },
  invalidatedBy: ['a new issuer directory (market.issuerDirectory)'],
  bound: SEARCHES_KEPT,
});

function searchDirectory(
  directory: Directory,
  snapshot: Snapshot,
  q: { q?: string | undefined; sector?: string | undefined; limit: number },
): IssuerSearchResponse {
  const text = (q.q ?? '').toUpperCase();
  const sectorIds = q.sector === undefined ? null : sectorIdsOf(snapshot, q.sector);
  const matches: { entry: DirectoryEntry; tickerFirst: number }[] = [];
  for (const entry of directory.entries) {
    if (sectorIds && !sectorIds.has(entry.sectorId)) continue;
    const byTicker = entry.tickerUpper.startsWith(text);
    if (!byTicker && !entry.nameUpper.includes(text) && !entry.displayNameUpper.includes(text)) continue;
    matches.push({ entry, tickerFirst: byTicker ? 0 : 1 });
  }
  matches.sort(
    (a, b) =>
      a.tickerFirst - b.tickerFirst ||
      (a.entry.displayName < b.entry.displayName ? -1 : a.entry.displayName > b.entry.displayName ? 1 : 0) ||
      a.entry.id - b.entry.id,
  );
  return {
    issuers: matches.slice(0, q.limit).map(({ entry }) => ({
      id: entry.id,
      name: entry.name,
      displayName: entry.displayName,
      ticker: entry.ticker,
      sectorCode: entry.sectorCode,
      bondCount: entry.bondCount,
    })),
  };
}

/**
 * The issuer's curve as the bond table shows it: remaining tenor against yield to worst and
 * spreads for each of its bonds not yet matured, shortest first; null for an unknown issuer.
 */
export async function issuerCurve(db: Kysely<Database>, id: number): Promise<IssuerCurveResponse | null> {
  const { directory, snapshot } = await directoryOf(db);
  if (!directory.byId.has(id)) return null;
  const points: IssuerCurveResponse['points'] = [];
  for (const k of directory.bondsOf.get(id) ?? []) {
    const { row, amountOutstanding } = snapshot.records[k]!;
    if (row.maturityDate <= snapshot.day) continue;
    points.push({
      bondId: row.id,
      cusip: row.bondIdentifier,
      description: row.description,
      maturityDate: row.maturityDate,
      tenor: row.tenor,
      yieldToWorst: row.yieldToWorst,
      gSpread: row.gSpread,
      tSpread: row.tSpread,
      price: row.price,
      amountOutstanding,
      isBenchmark: row.isBenchmark,
    });
  }
  return { issuerId: id, asOf: snapshot.asOf, points };
}
