import { RATING_BUCKETS, RATING_CLASSES, type RatingBucket, type RatingClass, spRatingsIn } from '../../../../common/market';
import type { BondFilters } from './bondList';
import type { Snapshot, SnapshotRecord } from './bondTableSnapshot';
import { tenorBounds } from './common';
import { defineCache } from '../../caches/registry';

/**
 * The bond-table filters as bitsets over the snapshot's records (bit k = record k passes).
 *
 * Why bitsets: a page request used to run a chain of closures over all 30,000 records — about
 * 5 ms of CPU per request, which at 50 concurrent clients on one event loop queued into seconds.
 * Here each filter *value* ("sector IND", "rating HY", "tenor 10Y", "callable") is scanned once
 * per snapshot and kept; a request ORs the values of one filter and ANDs the filters — ~940
 * 32-bit words each — so a filter set nobody asked for before costs microseconds, not a scan.
 * Only free text (`q`) and issuers need their own pass, and those are cached too.
 *
 * Semantics are those of bondFilterConditions (the SQL reference path): outstanding only; a
 * sector code covers its industries; rating classes/buckets expand to S&P ratings; tenor
 * buckets by maturity bounds; q is a CUSIP/ISIN/ticker prefix or description substring.
 */
export interface FilterMatch {
  bits: Uint32Array;
  total: number;
}

/** Combined filter sets kept per snapshot (paging and re-sorting one set reuses it). */
const COMBINED_PER_SNAPSHOT = 200;
/** Text searches kept per snapshot (each is one pass over the records). */
const TEXT_PER_SNAPSHOT = 200;

interface MaskCache {
  values: Map<string, Uint32Array>;
  text: Map<string, Uint32Array>;
  combined: Map<string, FilterMatch>;
  byIssuer?: Map<number, number[]>;
}

/** Keyed by the records array, which a refresh with no changed bonds carries over unchanged. */
const caches = defineCache<SnapshotRecord[], MaskCache>({
  name: 'market.bondTableMasks',
  home: 'server/services/market/queries/bondTableMasks.ts',
  per: 'snapshot records',
  key: 'filter value, search text, combined filters',
  lifetime: { untilOwnerReplaced: true },
  invalidatedBy: ['new snapshot records that change a field a filter reads (a repricing tick carries them over)'],
});

function cacheOf(s: Snapshot): MaskCache {
  return caches.of(s.records, () => ({ values: new Map(), text: new Map(), combined: new Map() }));
}

/** The fields every filter reads (outstanding, sector, rating, seniority, tenor, issuer, callable, text). */
function sameFilterFields(a: SnapshotRecord, b: SnapshotRecord): boolean {
  return (
    a.row.maturityDate === b.row.maturityDate &&
    a.sectorId === b.sectorId &&
    a.rating === b.rating &&
    a.seniority === b.seniority &&
    a.issuerId === b.issuerId &&
    a.callable === b.callable &&
    a.cusip === b.cusip &&
    a.isin === b.isin &&
    a.tickerUpper === b.tickerUpper &&
    a.descriptionUpper === b.descriptionUpper
  );
}

/**
 * Carries the filters built over `previous` to `next`, records that replaced some of them in
 * place (`replaced`: their indexes), when none of those changed a field a filter reads — a
 * repricing tick — so a tick does not rescan every filter value asked since the last rebuild.
 */
export function carryMasks(previous: SnapshotRecord[], next: SnapshotRecord[], replaced: readonly number[]): void {
  const cache = caches.get(previous);
  if (!cache || previous.length !== next.length) return;
  if (replaced.every((k) => sameFilterFields(previous[k]!, next[k]!))) caches.set(next, cache);
}

const wordsFor = (n: number) => (n + 31) >>> 5;

/** A bitset of the records for which `test` holds. */
function scan(records: readonly SnapshotRecord[], test: (r: SnapshotRecord) => boolean): Uint32Array {
  const bits = new Uint32Array(wordsFor(records.length));
  for (let k = 0; k < records.length; k++) if (test(records[k]!)) bits[k >>> 5]! |= 1 << (k & 31);
  return bits;
}

function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): V {
  if (map.size >= limit) map.delete(map.keys().next().value as K);
  map.set(key, value);
  return value;
}

/** The bitset of one filter value, scanned on first use in this snapshot. */
function valueMask(s: Snapshot, c: MaskCache, key: string, test: (r: SnapshotRecord) => boolean): Uint32Array {
  let bits = c.values.get(key);
  if (!bits) c.values.set(key, (bits = scan(s.records, test)));
  return bits;
}

/** Record indexes per issuer, built once per snapshot. */
function issuerIndex(s: Snapshot, c: MaskCache): Map<number, number[]> {
  if (c.byIssuer) return c.byIssuer;
  const map = new Map<number, number[]>();
  s.records.forEach((r, k) => {
    const list = map.get(r.issuerId);
    if (list) list.push(k);
    else map.set(r.issuerId, [k]);
  });
  return (c.byIssuer = map);
}

function sectorIdsFor(s: Snapshot, code: string): Set<number> {
  const byId = new Map(s.sectors.map((x) => [x.id, x]));
  return new Set(s.sectors.filter((x) => x.code === code || (x.parentId !== null && byId.get(x.parentId)?.code === code)).map((x) => x.id));
}

function ratingsFor(value: string): Set<string> {
  const isGroup = (RATING_CLASSES as readonly string[]).includes(value) || (RATING_BUCKETS as readonly string[]).includes(value);
  return new Set(isGroup ? spRatingsIn(value as RatingBucket | RatingClass) : [value]);
}

/** OR of the values' bitsets (one filter with several values). */
function anyOf(words: number, masks: Uint32Array[]): Uint32Array {
  if (masks.length === 1) return masks[0]!;
  const out = new Uint32Array(words);
  for (const m of masks) for (let w = 0; w < words; w++) out[w]! |= m[w]!;
  return out;
}

function popcount(bits: Uint32Array): number {
  let total = 0;
  for (let w = 0; w < bits.length; w++) {
    let v = bits[w]!;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

/** The records passing the filters, as a bitset, and how many. */
export function matchesOf(s: Snapshot, f: BondFilters): FilterMatch {
  const c = cacheOf(s);
  const key = JSON.stringify([s.day, f.sector, f.rating, f.seniority, f.tenor, f.issuerId, f.callable, f.q]);
  const hit = c.combined.get(key);
  if (hit) return hit;

  const words = wordsFor(s.records.length);
  const day = s.day;
  const parts: Uint32Array[] = [valueMask(s, c, `outstanding:${day}`, (r) => r.row.maturityDate > day)];
  if (f.sector?.length) {
    parts.push(
      anyOf(
        words,
        f.sector.map((code) => {
          const ids = sectorIdsFor(s, code);
          return valueMask(s, c, `sector:${code}`, (r) => ids.has(r.sectorId));
        }),
      ),
    );
  }
  if (f.rating?.length) {
    parts.push(
      anyOf(
        words,
        f.rating.map((value) => {
          const ratings = ratingsFor(value);
          return valueMask(s, c, `rating:${value}`, (r) => r.rating !== null && ratings.has(r.rating));
        }),
      ),
    );
  }
  if (f.seniority?.length) {
    parts.push(
      anyOf(
        words,
        f.seniority.map((value) => valueMask(s, c, `seniority:${value}`, (r) => r.seniority === value)),
      ),
    );
  }
  if (f.tenor?.length) {
    parts.push(
      anyOf(
        words,
        f.tenor.map((t) => {
          const b = tenorBounds(day, t);
          return valueMask(
            s,
            c,
            `tenor:${day}:${t}`,
            (r) => r.row.maturityDate > b.after && (b.upTo === null || r.row.maturityDate <= b.upTo),
          );
        }),
      ),
    );
  }
  if (f.issuerId?.length) {
    const index = issuerIndex(s, c);
    const bits = new Uint32Array(words);
    for (const id of f.issuerId) for (const k of index.get(Number(id)) ?? []) bits[k >>> 5]! |= 1 << (k & 31);
    parts.push(bits);
  }
  if (f.callable !== undefined) {
    const callable = f.callable;
    parts.push(valueMask(s, c, `callable:${callable}`, (r) => r.callable === callable));
  }
  if (f.q) {
    const q = f.q.toUpperCase();
    let bits = c.text.get(q);
    if (!bits) {
      bits = scan(
        s.records,
        (r) => r.cusip.startsWith(q) || r.isin.startsWith(q) || r.tickerUpper.startsWith(q) || r.descriptionUpper.includes(q),
      );
      remember(c.text, q, bits, TEXT_PER_SNAPSHOT);
    }
    parts.push(bits);
  }

  let bits = parts[0]!;
  if (parts.length > 1) {
    bits = parts[0]!.slice();
    for (let p = 1; p < parts.length; p++) {
      const m = parts[p]!;
      for (let w = 0; w < words; w++) bits[w]! &= m[w]!;
    }
  }
  return remember(c.combined, key, { bits, total: popcount(bits) }, COMBINED_PER_SNAPSHOT);
}

/** True when record k passes (bit k set). */
export function hasBit(bits: Uint32Array, k: number): boolean {
  return ((bits[k >>> 5]! >>> (k & 31)) & 1) === 1;
}
