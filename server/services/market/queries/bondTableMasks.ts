import { ALL_FILTER_READS, askedFilters, type BondFilters, FILTER_READS, filterKey, OUTSTANDING } from './bondFilterSpec';
import type { Snapshot, SnapshotRecord } from './bondTableSnapshot';
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
 * What each filter means is defined once, with its SQL, in bondFilterSpec.ts; this file compiles
 * each kind of field there to bitsets (set: a bitset per value, ORed; key: a per-snapshot index;
 * boolean: a bitset per value; text: a pass per distinct text).
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
  /** Per key field (issuerId), record indexes by key. */
  byKey: Map<string, Map<number, number[]>>;
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
  return caches.of(s.records, () => ({ values: new Map(), text: new Map(), combined: new Map(), byKey: new Map() }));
}

/** What the spec's tests read, as accessors (built once, not per comparison). */
const READS = ALL_FILTER_READS.map((name) => FILTER_READS[name]);

/** Whether two records agree on every field a filter reads (bondFilterSpec.ts declares them). */
function sameFilterFields(a: SnapshotRecord, b: SnapshotRecord): boolean {
  for (const read of READS) if (read(a) !== read(b)) return false;
  return true;
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

/** Record indexes per key of one key field, built once per snapshot. */
function keyIndex(s: Snapshot, c: MaskCache, name: string, keyOf: (r: SnapshotRecord) => number): Map<number, number[]> {
  const built = c.byKey.get(name);
  if (built) return built;
  const map = new Map<number, number[]>();
  s.records.forEach((r, k) => {
    const key = keyOf(r);
    const list = map.get(key);
    if (list) list.push(k);
    else map.set(key, [k]);
  });
  c.byKey.set(name, map);
  return map;
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
  const key = filterKey(f, s.day);
  const hit = c.combined.get(key);
  if (hit) return hit;

  const words = wordsFor(s.records.length);
  const day = s.day;
  const parts: Uint32Array[] = [valueMask(s, c, `outstanding:${day}`, OUTSTANDING.matches(day))];
  for (const { name, field, value } of askedFilters(f)) {
    switch (field.kind) {
      case 'set': {
        const prefix = field.byDay ? `${name}:${day}:` : `${name}:`;
        const values = value as unknown[];
        parts.push(
          anyOf(
            words,
            values.map((v) => valueMask(s, c, `${prefix}${String(v)}`, field.matches(v, s))),
          ),
        );
        break;
      }
      case 'key': {
        const index = keyIndex(s, c, name, field.recordKey);
        const bits = new Uint32Array(words);
        for (const v of value as unknown[]) for (const k of index.get(field.parse(v)) ?? []) bits[k >>> 5]! |= 1 << (k & 31);
        parts.push(bits);
        break;
      }
      case 'boolean':
        parts.push(valueMask(s, c, `${name}:${String(value)}`, field.matches(value as boolean)));
        break;
      case 'text': {
        const text = field.normalise(value as string);
        const textKey = `${name}:${text}`;
        let bits = c.text.get(textKey);
        if (!bits) bits = remember(c.text, textKey, scan(s.records, field.matches(text)), TEXT_PER_SNAPSHOT);
        parts.push(bits);
        break;
      }
    }
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
