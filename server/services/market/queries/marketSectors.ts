import { type Kysely, sql } from 'kysely';
import { bondTableSnapshot, fromSnapshot, type Snapshot } from './bondTableSnapshot';
import type { MarketSectorsResponse, NewIssueVolumeResponse } from '../../../../common/api/market';
import type { Database } from '../../../db/schema';
import { addDays, isoDay, marketAsOf } from './common';
import { loadSectors, summaryWeighting } from './marketSummary';
import { round, WeightedMean } from './segments';
import { deepFreeze } from '../../caches/deepFreeze';

type Stats = MarketSectorsResponse['sectors'][number]['industries'][number];

/**
 * Sector overview from the bond-table snapshot: per industry, and rolled up into its sector,
 * the outstanding-weighted G-spread and yield to worst with their daily changes, the day's
 * volume and the number of outstanding bonds. Weighted equally instead by the summary's rule
 * (`summaryWeighting`: a priced bond without an amount outstanding), so the two pages agree.
 */
export async function marketSectors(db: Kysely<Database>): Promise<MarketSectorsResponse> {
  const snapshot = await bondTableSnapshot(db);
  // One answer for every caller until the snapshot moves: frozen, its text is reused (plugins/answerReuse.ts).
  return fromSnapshot(snapshot, 'sectors', () => deepFreeze(sectorStats(snapshot)));
}

function sectorStats(snapshot: Snapshot): MarketSectorsResponse {
  const { asOf, day } = snapshot;
  const weighting = summaryWeighting(snapshot);
  const byId = new Map(snapshot.sectors.map((x) => [x.id, x]));
  type Acc = { bonds: number; s: WeightedMean; sc: WeightedMean; y: WeightedMean; yc: WeightedMean; volume: number };
  const accs = new Map<number, Acc>();
  const accOf = (id: number): Acc => {
    let a = accs.get(id);
    if (!a)
      accs.set(
        id,
        (a = { bonds: 0, s: new WeightedMean(), sc: new WeightedMean(), y: new WeightedMean(), yc: new WeightedMean(), volume: 0 }),
      );
    return a;
  };
  for (const rec of snapshot.records) {
    const row = rec.row;
    if (row.maturityDate <= day) continue;
    const industry = byId.get(rec.sectorId);
    const targets = industry?.parentId != null ? [rec.sectorId, industry.parentId] : [rec.sectorId];
    const w = weighting === 'equal' ? 1 : rec.amountOutstanding;
    for (const id of targets) {
      const a = accOf(id);
      a.bonds++;
      a.s.add(row.gSpread, w);
      a.sc.add(row.changeGSpread, w);
      a.y.add(row.yieldToWorst, w);
      a.yc.add(row.changeYTW, w);
      a.volume += row.volume;
    }
  }
  const stats = (id: number, code: string, name: string): Stats => {
    const a = accs.get(id);
    return {
      id,
      code,
      name,
      bondCount: a?.bonds ?? 0,
      spread: round(a?.s.value ?? null, 3),
      spreadChange: round(a?.sc.value ?? null, 3),
      yield: round(a?.y.value ?? null, 7),
      yieldChange: round(a?.yc.value ?? null, 7),
      volume: a?.volume ?? 0,
    };
  };
  const top = snapshot.sectors.filter((x) => x.parentId === null);
  return {
    asOf,
    sectors: top.map((x) => ({
      ...stats(x.id, x.code, x.name),
      industries: snapshot.sectors.filter((i) => i.parentId === x.id).map((i) => stats(i.id, i.code, i.name)),
    })),
    weighting,
  };
}

/** Monday of the ISO week of a `YYYY-MM-DD` day. */
function mondayOf(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((dow + 6) % 7));
}

/**
 * Amount issued per week (Monday-based) and top-level sector over the last `weeks` weeks
 * including the current one, from the bonds' issue dates (every priced deal tranche becomes a
 * bond). Empty weeks are present with zeros.
 */
export async function newIssueVolume(db: Kysely<Database>, weeks: number): Promise<NewIssueVolumeResponse> {
  const { day } = await marketAsOf(db);
  const first = addDays(mondayOf(day), -7 * (weeks - 1));
  const sectors = await loadSectors(db);
  const rows = await sql<{ week: string | Date; sector_id: number; amount: string; bonds: string }>`
    select (b.issue_date - ((extract(isodow from b.issue_date)::int - 1)))::date as week, i.sector_id,
      sum(b.amount_issued) as amount, count(*) as bonds
    from bonds b join issuers i on i.id = b.issuer_id
    where b.issue_date >= ${first}::date and b.issue_date <= ${day}::date
    group by 1, 2`.execute(db);
  const out = new Map<string, { weekStart: string; total: number; bondCount: number; bySector: Record<string, number> }>();
  for (let k = 0; k < weeks; k++) {
    const weekStart = addDays(first, 7 * k);
    out.set(weekStart, { weekStart, total: 0, bondCount: 0, bySector: Object.fromEntries(sectors.top.map((s) => [s.code, 0])) });
  }
  for (const r of rows.rows) {
    const w = out.get(isoDay(r.week)!);
    if (!w) continue;
    const industry = sectors.byId.get(r.sector_id);
    const top = industry?.parentId != null ? sectors.byId.get(industry.parentId) : industry;
    const code = top?.code ?? 'OTHER';
    const amount = Number(r.amount);
    w.total += amount;
    w.bondCount += Number(r.bonds);
    w.bySector[code] = (w.bySector[code] ?? 0) + amount;
  }
  return { weeks: [...out.values()], sectors: sectors.top.map((s) => ({ id: s.id, code: s.code, name: s.name })) };
}
