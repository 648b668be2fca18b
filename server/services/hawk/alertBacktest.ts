/**
 * Backtest: how often a rule would have fired over the last HAWK_BACKTEST_DAYS days, replayed on
 * stored history with the live checks (rules.ts) and the live keys (the frequency's window):
 * end-of-day evaluated prices for levels, day and week moves and confidence; intraday evaluated
 * prices for intraday moves; trades for sizes and prints away from the prior close; daily stats
 * for volume against the trailing 20-day average; rating rows; deals and their status steps; the
 * segment's average end-of-day G-spread for market moves.
 */
import { type Kysely, sql } from 'kysely';
import { addDays } from '../../../common/calendar';
import { compositeRating, ratingClassOf } from '../../../common/market';
import {
  HAWK_BACKTEST_DAYS,
  HAWK_BACKTEST_SAMPLES_MAX,
  type HawkBacktestResult,
  type HawkFrequency,
  type HawkRule,
  type HawkTarget,
} from '../../../common/api/hawk';
import type { Database } from '../../db/schema';
import { ratingNotch } from '../market/codesAndRatings';
import type { Config } from '../../config';
import { featuresOfUser } from '../accounts/features';
import { assertRuleReadable } from './gatedRules';
import { segmentCondition } from '../market/queries/segments';
import { tenorCondition } from '../market/queries/common';
import { tableBonds } from './ruleIndex';
import {
  type BondState,
  checkDealStep,
  checkMarket,
  checkNewDeal,
  checkRating,
  checkState,
  checkTrade,
  newYorkDay,
  subjectKeyOf,
  type Trigger,
  windowKeyOf,
} from './rules';
import { targetLabel } from './subscriptions';

interface Hit {
  at: number;
  subject: string;
  bondId: number | null;
  cusip: string | null;
  trigger: Trigger;
}

const num = (v: string | number | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

async function targetBonds(db: Kysely<Database>, target: HawkTarget, day: string): Promise<number[]> {
  if (target.kind === 'bond') return [target.bondId];
  if (target.kind === 'issuer')
    return (await db.selectFrom('bonds').select('id').where('issuer_id', '=', target.issuerId).execute()).map((r) => r.id);
  if (target.kind === 'table') return (await tableBonds(db, [target.tableId], day)).get(target.tableId) ?? [];
  return [];
}

export async function backtestAlertRule(
  db: Kysely<Database>,
  config: Config,
  userId: string,
  body: { rule: HawkRule; target: HawkTarget; frequency: HawkFrequency },
  now: Date,
): Promise<HawkBacktestResult> {
  const { rule, target, frequency } = body;
  assertRuleReadable(rule, await featuresOfUser(db, config, userId)); // what it would fire on, it must be allowed to read
  await targetLabel(db, userId, target, rule); // the same visibility as saving it
  const to = newYorkDay(now.getTime());
  const from = addDays(to, -HAWK_BACKTEST_DAYS);
  const bonds = await targetBonds(db, target, to);
  let basis: string;
  let hits: Hit[];
  switch (rule.kind) {
    case 'level':
    case 'move':
    case 'confidence':
      if (rule.kind === 'move' && rule.window === 'intraday') {
        basis = 'intraday evaluated prices';
        hits = await statesFromPrices(db, rule, bonds, from, to, 'intraday');
      } else {
        basis = 'end-of-day evaluated prices';
        hits = await statesFromPrices(db, rule, bonds, from, to, 'eod');
      }
      break;
    case 'volume':
      basis = 'daily volumes against their trailing 20-day average';
      hits = await volumeHits(db, rule, bonds, from, to);
      break;
    case 'tradeSize':
    case 'tradeAway':
      basis = 'disseminated trades (capped sizes as printed), against the prior end-of-day evaluated price';
      hits = await tradeHits(db, rule, bonds, from, to);
      break;
    case 'rating':
      basis = 'rating history';
      hits = await ratingHits(db, rule, bonds, from, to);
      break;
    case 'newDeal':
    case 'dealStatus':
      basis = 'deals and their status steps';
      hits = await dealHits(db, rule, target, from, to);
      break;
    case 'marketMove':
      basis = "the segment's average end-of-day G-spread";
      hits = await marketHits(db, rule, from, to);
      break;
  }
  // The live evaluator's keys: one firing per subject and window ("once": the first only).
  hits.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  const fired: Hit[] = [];
  for (const h of hits) {
    const key = `${subjectKeyOf(frequency, h.subject)}|${windowKeyOf(frequency, h.at)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    fired.push(h);
  }
  return {
    from,
    to,
    firings: fired.length,
    days: new Set(fired.map((h) => newYorkDay(h.at))).size,
    samples: fired
      .slice(-HAWK_BACKTEST_SAMPLES_MAX)
      .reverse()
      .map((h) => ({ at: new Date(h.at).toISOString(), bondId: h.bondId, cusip: h.cusip, message: h.trigger.message })),
    basis,
  };
}

async function statesFromPrices(
  db: Kysely<Database>,
  rule: HawkRule,
  bonds: number[],
  from: string,
  to: string,
  kind: 'eod' | 'intraday',
): Promise<Hit[]> {
  if (bonds.length === 0) return [];
  // Eight days of lead so the first days of the window have a previous close and a week-ago close.
  const rows = await sql<{
    bond_id: number;
    cusip: string;
    price_date: string;
    as_of: Date;
    clean_price: string;
    yield: string | null;
    g_spread_bp: string | null;
    confidence: number;
  }>`
    select e.bond_id, b.cusip, to_char(e.price_date, 'YYYY-MM-DD') as price_date, e.as_of, e.clean_price, e.yield, e.g_spread_bp, e.confidence
    from evaluated_prices e join bonds b on b.id = e.bond_id
    where e.bond_id = any(${bonds}::int[]) and e.kind = ${kind} and e.price_date between ${addDays(from, -10)}::date and ${to}::date
    order by e.bond_id, e.as_of`.execute(db);
  const hits: Hit[] = [];
  let series: typeof rows.rows = [];
  const flush = () => {
    for (const [k, r] of series.entries()) {
      if (r.price_date <= from) continue;
      const v = { price: Number(r.clean_price), yieldPct: r.yield === null ? null : Number(r.yield) * 100, gSpread: num(r.g_spread_bp) };
      const prev = kind === 'eod' ? series[k - 1] : undefined;
      const weekAgo = [...series.slice(0, k)].reverse().find((p) => p.price_date <= addDays(r.price_date, -7));
      const dayOpen = series.find((p) => p.price_date === r.price_date);
      const ref = (p: (typeof series)[number] | undefined) =>
        p
          ? { price: Number(p.clean_price), yieldPct: p.yield === null ? null : Number(p.yield) * 100, gSpread: num(p.g_spread_bp) }
          : undefined;
      const p = ref(prev);
      const state: BondState = {
        ...v,
        tSpread: null,
        change: {
          price: p ? v.price - p.price! : null,
          yield: p && v.yieldPct !== null && p.yieldPct !== null ? (v.yieldPct - p.yieldPct) * 100 : null,
          gSpread: p && v.gSpread !== null && p.gSpread !== null ? v.gSpread - p.gSpread : null,
          tSpread: null,
        },
        confidence: r.confidence,
        volumeRatio: null,
      };
      const trigger = checkState(rule, state, { intraday: ref(dayOpen), '1w': ref(weekAgo) });
      if (trigger) hits.push({ at: new Date(r.as_of).getTime(), subject: `bond:${r.bond_id}`, bondId: r.bond_id, cusip: r.cusip, trigger });
    }
  };
  for (const r of rows.rows) {
    if (series.length > 0 && series[0]!.bond_id !== r.bond_id) {
      flush();
      series = [];
    }
    series.push(r);
  }
  flush();
  return hits;
}

async function volumeHits(db: Kysely<Database>, rule: HawkRule, bonds: number[], from: string, to: string): Promise<Hit[]> {
  if (bonds.length === 0) return [];
  const rows = await sql<{ bond_id: number; cusip: string; trade_date: string; volume: string; average: string | null }>`
    select * from (
      select s.bond_id, b.cusip, to_char(s.trade_date, 'YYYY-MM-DD') as trade_date, s.volume,
        avg(s.volume) over (partition by s.bond_id order by s.trade_date rows between 20 preceding and 1 preceding) as average
      from daily_bond_stats s join bonds b on b.id = s.bond_id
      where s.bond_id = any(${bonds}::int[]) and s.trade_date between ${addDays(from, -40)}::date and ${to}::date) x
    where trade_date > ${from}`.execute(db);
  const hits: Hit[] = [];
  for (const r of rows.rows) {
    const avg = num(r.average);
    if (!avg || avg <= 0) continue;
    const state: BondState = {
      price: null,
      yieldPct: null,
      gSpread: null,
      tSpread: null,
      change: { price: null, yield: null, gSpread: null, tSpread: null },
      confidence: null,
      volumeRatio: Number(r.volume) / avg,
    };
    const trigger = checkState(rule, state);
    if (trigger)
      hits.push({ at: Date.parse(`${r.trade_date}T21:00:00Z`), subject: `bond:${r.bond_id}`, bondId: r.bond_id, cusip: r.cusip, trigger });
  }
  return hits;
}

async function tradeHits(db: Kysely<Database>, rule: HawkRule, bonds: number[], from: string, to: string): Promise<Hit[]> {
  if (bonds.length === 0) return [];
  const rows = await sql<{
    id: string;
    bond_id: number;
    cusip: string;
    execution_time: Date;
    price: string;
    reported_quantity: string;
    quantity_capped: boolean;
    evaluated: string | null;
  }>`
    select t.id, t.bond_id, b.cusip, t.execution_time, t.price, t.reported_quantity, t.quantity_capped,
      ${rule.kind === 'tradeAway' ? sql`(select e.clean_price from evaluated_prices e where e.bond_id = t.bond_id and e.kind = 'eod' and e.price_date < t.execution_time::date order by e.price_date desc limit 1)` : sql`null`} as evaluated
    from trades t join bonds b on b.id = t.bond_id
    where t.bond_id = any(${bonds}::int[]) and t.status = 'active'
      and t.execution_time >= ${addDays(from, 1)}::date and t.execution_time < ${addDays(to, 1)}::date
    order by t.execution_time`.execute(db);
  const hits: Hit[] = [];
  for (const r of rows.rows) {
    const print = {
      tradeId: String(r.id),
      price: Number(r.price),
      quantity: Number(r.reported_quantity),
      capped: r.quantity_capped,
      executionTime: new Date(r.execution_time).toISOString(),
    };
    const trigger = checkTrade(rule, print, num(r.evaluated));
    if (trigger)
      hits.push({ at: new Date(r.execution_time).getTime(), subject: `bond:${r.bond_id}`, bondId: r.bond_id, cusip: r.cusip, trigger });
  }
  return hits;
}

async function ratingHits(db: Kysely<Database>, rule: HawkRule, bonds: number[], from: string, to: string): Promise<Hit[]> {
  if (bonds.length === 0) return [];
  const rows = await sql<{
    id: string;
    bond_id: number;
    cusip: string;
    agency: 'sp' | 'moody';
    rating: string;
    effective_date: string;
    previous: string | null;
  }>`
    select r.id, r.bond_id, b.cusip, r.agency, r.rating, to_char(r.effective_date, 'YYYY-MM-DD') as effective_date,
      (select p.rating from bond_ratings p where p.bond_id = r.bond_id and p.agency = r.agency and (p.effective_date, p.id) < (r.effective_date, r.id)
        order by p.effective_date desc, p.id desc limit 1) as previous
    from bond_ratings r join bonds b on b.id = r.bond_id
    where r.bond_id = any(${bonds}::int[]) and r.effective_date > ${from}::date and r.effective_date <= ${to}::date`.execute(db);
  const hits: Hit[] = [];
  for (const r of rows.rows) {
    const a = ratingNotch(r.previous);
    const b = ratingNotch(r.rating);
    const trigger = checkRating(rule, {
      agency: r.agency,
      from: r.previous,
      to: r.rating,
      notchChange: a === null || b === null ? null : b - a,
    });
    if (trigger)
      hits.push({
        at: Date.parse(`${r.effective_date}T12:00:00Z`),
        subject: `rating:${r.bond_id}:${r.agency}:${r.id}`,
        bondId: r.bond_id,
        cusip: r.cusip,
        trigger,
      });
  }
  return hits;
}

async function dealHits(db: Kysely<Database>, rule: HawkRule, target: HawkTarget, from: string, to: string): Promise<Hit[]> {
  const issuer = target.kind === 'issuer' ? target.issuerId : null;
  const dealId = rule.kind === 'dealStatus' ? rule.dealId : null;
  const rows = await sql<{
    deal_id: number;
    issuer_id: number;
    ticker: string;
    code: string;
    parent: string | null;
    rating_sp: string | null;
    rating_moody: string | null;
    status: string;
    previous: string | null;
    at: Date;
    first: boolean;
  }>`
    select h.deal_id, d.issuer_id, i.ticker, s.code, ps.code as parent, r.rating_sp, r.rating_moody, h.status, h.at,
      lag(h.status) over (partition by h.deal_id order by h.at, h.id) as previous,
      row_number() over (partition by h.deal_id order by h.at, h.id) = 1 as first
    from deal_status_history h join deals d on d.id = h.deal_id join issuers i on i.id = d.issuer_id
    join sectors s on s.id = i.sector_id left join sectors ps on ps.id = s.parent_id
    left join lateral (select b.rating_sp, b.rating_moody from bonds b where b.issuer_id = d.issuer_id order by b.issue_date desc limit 1) r on true
    where d.created_by is null and h.at >= ${addDays(from, 1)}::date and h.at < ${addDays(to, 1)}::date
      and (${issuer}::int is null or d.issuer_id = ${issuer}::int) and (${dealId}::int is null or d.id = ${dealId}::int)
    order by h.at`.execute(db);
  const hits: Hit[] = [];
  for (const r of rows.rows) {
    const cls = ratingClassOf(compositeRating(r.rating_sp, r.rating_moody));
    const deal = {
      dealId: r.deal_id,
      issuerId: r.issuer_id,
      ticker: r.ticker,
      highYield: cls === null ? null : cls === 'HY',
      sectorCodes: [r.code, ...(r.parent ? [r.parent] : [])],
      from: r.previous ?? undefined,
      to: r.status,
    };
    const isNew = rule.kind === 'newDeal';
    if (isNew && !r.first) continue;
    if (!isNew && r.first) continue;
    const trigger = isNew ? checkNewDeal(rule, deal) : checkDealStep(rule, deal);
    const subject = isNew ? `deal:${r.deal_id}` : `deal:${r.deal_id}:${r.status}`;
    if (trigger) hits.push({ at: new Date(r.at).getTime(), subject, bondId: null, cusip: null, trigger });
  }
  return hits;
}

async function marketHits(db: Kysely<Database>, rule: HawkRule, from: string, to: string): Promise<Hit[]> {
  if (rule.kind !== 'marketMove') return [];
  const where = [segmentCondition(rule.segment), sql<boolean>`e.g_spread_bp is not null`];
  if (rule.tenor) where.push(tenorCondition(sql.ref('b.maturity_date'), to, [rule.tenor]));
  const rows = await sql<{ day: string; avg: string; n: string }>`
    select to_char(e.price_date, 'YYYY-MM-DD') as day, avg(e.g_spread_bp) as avg, count(*) as n
    from evaluated_prices e join bonds b on b.id = e.bond_id join issuers i on i.id = b.issuer_id
    where e.kind = 'eod' and e.price_date between ${addDays(from, -7)}::date and ${to}::date and ${sql.join(where, sql` and `)}
    group by e.price_date order by e.price_date`.execute(db);
  const hits: Hit[] = [];
  for (let k = 1; k < rows.rows.length; k++) {
    const r = rows.rows[k]!;
    if (r.day <= from) continue;
    const trigger = checkMarket(rule, Number(r.avg) - Number(rows.rows[k - 1]!.avg), Number(r.n));
    if (trigger)
      hits.push({
        at: Date.parse(`${r.day}T21:00:00Z`),
        subject: `market:${rule.segment}:${rule.tenor ?? 'all'}`,
        bondId: null,
        cusip: null,
        trigger,
      });
  }
  return hits;
}
