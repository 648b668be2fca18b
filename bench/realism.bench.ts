/**
 * How lifelike the simulated market is (not a test): `npm run bench:realism [-- options]`.
 *
 *   --bonds N     universe size (default 3,000)
 *   --history N   business days of history (default 260)
 *   --seed N      simulator seed (default: the app's)
 *
 * Seeds a market on a scratch PGlite database (every close priced) and prints, beside the real US
 * corporate market's published figure (docs/market-data.md "Realism", with sources), the
 * simulator's: daily turnover as a share of the amount outstanding, the share of bonds trading on
 * a day, the average trade size (true size), the 10-year Treasury's daily change sd, the median
 * evaluated G-spread of BB / B / CCC bonds, IG new issues a week and their average deal size, the
 * IG sectors by median spread, and the bad prints (through Treasuries or at a negative yield) the
 * pricer flagged.
 */
import { sql } from 'kysely';
import { openScratchDatabase } from './support/scratchDatabase';
import { migrateToLatest } from '../server/db/migrate';
import { DEFAULT_SEED, seedUniverse } from '../server/services/market/simulator/index';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const BONDS = Number(arg('bonds', '3000'));
const HISTORY = Number(arg('history', '260'));
const SEED = Number(arg('seed', String(DEFAULT_SEED)));

const handle = await openScratchDatabase('pglite', 'realism');
try {
  const db = handle.db;
  await migrateToLatest(db);
  process.stderr.write(`Seeding ${BONDS} bonds, ${HISTORY} days, seed ${SEED}, every close priced…\n`);
  const s = await seedUniverse(db, { bonds: BONDS, historyDays: HISTORY, seed: SEED, now: Date.now });
  const one = async <T>(q: ReturnType<typeof sql<T>>) => (await q.execute(db)).rows[0]!;
  const activity = await one(sql<{ turnover: number; participation: number; avg_size: number; share5mm: number }>`
    with days as (select distinct trade_date from daily_bond_stats),
    outstanding as (select d.trade_date, sum(b.amount_outstanding)::float8 as amount, count(*)::float8 as bonds
                    from days d join bonds b on b.issue_date <= d.trade_date and b.maturity_date > d.trade_date group by d.trade_date),
    traded as (select trade_date, sum(volume)::float8 as volume, count(*) filter (where trade_count > 0)::float8 as bonds
               from daily_bond_stats group by trade_date)
    select avg(t.volume / o.amount) as turnover, avg(t.bonds / o.bonds) as participation,
           (select avg(quantity)::float8 from trades where status = 'active') as avg_size,
           (select avg((quantity >= 5000000)::int)::float8 from trades where status = 'active') as share5mm
    from traded t join outstanding o using (trade_date)`);
  const rates = await one(sql<{ sd: number }>`
    with ten as (select curve_date, yield::float8 as y from treasury_curve_points where years = 10 order by curve_date)
    select stddev_samp(d)::float8 * 1e4 as sd from (select y - lag(y) over (order by curve_date) as d from ten) x where d is not null`);
  const hy = (
    await sql<{ bucket: string; median: number; n: number }>`
      select left(coalesce(b.rating_sp, 'NR'), case when b.rating_sp like 'CCC%' then 3 when b.rating_sp like 'BB%' then 2 else 1 end) as bucket,
             percentile_cont(0.5) within group (order by s.g_spread)::float8 as median, count(*)::int as n
      from bond_market_state s join bonds b on b.id = s.bond_id
      where b.rating_sp ~ '^(BB|B|CCC)' and b.rating_sp !~ '^BBB' and s.g_spread is not null group by 1 order by 2`.execute(db)
  ).rows;
  const deals = await one(sql<{ weeks: number; ig_deals: number; avg_size: number }>`
    with ig as (select d.id, sum(t.size)::float8 as size from deals d join deal_tranches t on t.deal_id = d.id
                join bonds b on b.id = t.bond_id
                where d.status = 'priced' and b.rating_sp ~ '^(AAA|AA|A|BBB)[+-]?$'
                group by d.id)
    select ${s.days}::float8 / 5 as weeks, count(*)::float8 as ig_deals, avg(size)::float8 as avg_size from ig`);
  const sectors = (
    await sql<{ sector: string; median: number }>`
      select coalesce(sec.name, ind.name) as sector, percentile_cont(0.5) within group (order by s.g_spread)::float8 as median
      from bond_market_state s join bonds b on b.id = s.bond_id join issuers i on i.id = b.issuer_id
      join sectors ind on ind.id = i.sector_id left join sectors sec on sec.id = ind.parent_id
      where b.rating_sp ~ '^(AAA|AA|A|BBB)[+-]?$' and s.g_spread is not null group by 1 order by 2 desc`.execute(db)
  ).rows;
  const bad = await one(sql<{ n: number }>`
    select count(*)::int as n from evaluated_prices e, jsonb_array_elements(
      case when jsonb_typeof(e.inputs->'rejected') = 'array' then e.inputs->'rejected' else '[]'::jsonb end) r
    where e.kind = 'eod' and r->>2 = 'bad print'`);
  const pct = (x: number) => `${(100 * x).toFixed(2)} %`;
  console.log(`\nSimulated market: ${s.bonds} bonds, ${s.days} days (${s.startDate} to ${s.endDate}), seed ${s.seed}, ${s.trades} trades`);
  console.log(`daily turnover / outstanding      ${pct(activity.turnover)}`);
  console.log(`bonds trading on a day            ${pct(activity.participation)}`);
  console.log(`average trade size (true)         $${(activity.avg_size / 1e3).toFixed(0)}K (${pct(activity.share5mm)} at 5MM+)`);
  console.log(`10Y Treasury daily change sd      ${rates.sd.toFixed(2)} bp`);
  console.log(`median G-spread by HY rating      ${hy.map((r) => `${r.bucket} ${r.median.toFixed(0)} bp (${r.n})`).join(', ')}`);
  console.log(
    `IG new issues a week              ${(deals.ig_deals / deals.weeks).toFixed(2)}, average deal $${(deals.avg_size / 1e6).toFixed(0)}MM`,
  );
  console.log(`IG sectors, widest first          ${sectors.map((r) => `${r.sector} ${r.median.toFixed(0)}`).join(', ')}`);
  console.log(`closes naming a bad print         ${bad.n}`);
} finally {
  await handle.cleanup();
}
