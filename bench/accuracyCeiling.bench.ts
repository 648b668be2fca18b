/**
 * The ceiling of the accuracy backtest's measure on a simulated market (not a test):
 * `npm run bench:accuracy-ceiling [-- options]`.
 *
 *   --bonds N     universe size (default 300, as `npm run backtest -- --seed --bonds 300`)
 *   --history N   business days of history (default 60)
 *   --end DAY     last day of history (default 2026-11-30, a fixed window so figures compare)
 *   --seed N      simulator seed (default: the app's)
 *
 * Scores a perfect evaluation: for every active trade, the simulator's hidden mid at the previous
 * business day's close (what the backtest's evaluated price stands for) against the trade
 * adjusted to mid as the backtest does (pricing's halfSpreadPoints), and again as if the pricer
 * knew each print's half-spread before its dealer and trade noise (marketHalfSpread × the
 * bond's liquidity factor).
 * Prints, by the simulator's rating band on the previous day: trades and the share within the
 * backtest's wide threshold (IG 0.55 pt, HY 0.82 pt), for all sizes and for 1MM+. No database:
 * the market is generated in memory exactly as the seed writes it.
 */
import { generateUniverse } from '../server/services/market/simulator/universe';
import { bondNotch, bondSpreadNotch, simulateDay, tradableBonds } from '../server/services/market/simulator/history';
import { hiddenMid, spreadBp } from '../server/services/market/simulator/model';
import { activityWeight, liquidityFactor, marketHalfSpread } from '../server/services/market/simulator/trades';
import { DEFAULT_SEED } from '../server/services/market/simulator/index';
import { halfSpreadPoints } from '../server/services/pricing/conventions';
import { yearsBetween } from '../common/calendar';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const BONDS = Number(arg('bonds', '300'));
const HISTORY = Number(arg('history', '60'));
const END = arg('end', '2026-11-30');
const SEED = Number(arg('seed', String(DEFAULT_SEED)));

/** The simulator's notch scale: 0 = AAA, 9 = BBB−, 16 = CCC+ (its first distressed notch). */
const bandOf = (notch: number) => (notch >= 16 ? 'CCC' : notch >= 13 ? 'B' : notch >= 10 ? 'BB' : 'IG');
interface Tally {
  trades: number;
  conventionWithin: number;
  trueWithin: number;
  blocks: number;
  blocksConventionWithin: number;
}
const tallies = new Map<string, Tally>();

const u = generateUniverse({ seed: SEED, bonds: BONDS, historyDays: HISTORY, endDate: END });
const tradable = tradableBonds(
  SEED,
  u.bonds,
  u.issuers,
  u.bonds.map((_, i) => i + 1),
);
for (let d = 1; d < u.days.length; d++) {
  const day = u.days[d]!;
  const prev = u.days[d - 1]!;
  const issuerOf = (index: number) => u.issuers[u.bonds[index]!.issuer]!;
  simulateDay(
    SEED,
    day,
    tradable,
    (b) => bondNotch(issuerOf(b.index!), u.bonds[b.index!]!, day.date),
    (b, trades, settleDay) => {
      const bond = u.bonds[b.index!]!;
      const notch = bondNotch(issuerOf(b.index!), bond, prev.date);
      const years = yearsBetween(day.date, b.maturityDate);
      const inputs = {
        notch: bondSpreadNotch(issuerOf(b.index!), bond, prev.date),
        sector: b.sector as never,
        seniority: b.seniority,
        issuerKey: b.issuerKey,
        industry: b.industry,
        noise: b.noise,
      };
      // The previous close's hidden mid, settled as today's trades are (no carry in between).
      const previousClose = hiddenMid(b.priceable, settleDay, prev.curveObj, spreadBp(inputs, years, prev.spreads)).price;
      const band = bandOf(notch);
      const hy = band !== 'IG';
      const threshold = hy ? 0.82 : 0.55;
      const t = tallies.get(band) ?? { trades: 0, conventionWithin: 0, trueWithin: 0, blocks: 0, blocksConventionWithin: 0 };
      const todayNotch = bondNotch(issuerOf(b.index!), bond, day.date);
      const weight = activityWeight(
        { amountIssued: b.amountIssued, issueDate: b.issueDate, hy: todayNotch > 9, notch: todayNotch, stale: b.stale },
        day.date,
      );
      for (const trade of trades) {
        if (trade.status !== 'active') continue;
        const sign = trade.side === 'customer_buy' ? 1 : trade.side === 'customer_sell' ? -1 : 0;
        const byConvention = trade.price - sign * halfSpreadPoints(trade.quantity, hy, years);
        const byTrueSpread =
          trade.price - sign * marketHalfSpread(trade.quantity, hy, years, todayNotch >= 16, b.stale) * liquidityFactor(weight);
        const within = Math.abs(byConvention - previousClose) <= threshold;
        t.trades++;
        if (within) t.conventionWithin++;
        if (Math.abs(byTrueSpread - previousClose) <= threshold) t.trueWithin++;
        if (trade.quantity >= 1_000_000) {
          t.blocks++;
          if (within) t.blocksConventionWithin++;
        }
      }
      tallies.set(band, t);
    },
    { prev, spreadNotchOf: (b) => bondSpreadNotch(issuerOf(b.index!), u.bonds[b.index!]!, day.date) },
  );
}

const pct = (n: number, of: number) => (of === 0 ? '—' : `${((100 * n) / of).toFixed(1)} %`);
console.log(`Ceiling of the accuracy measure: seed ${SEED}, ${BONDS} bonds, ${HISTORY} days to ${END}`);
console.log('band  trades  within (pricer convention)  within (true half-spread)  1MM+ trades  1MM+ within (convention)');
for (const band of ['IG', 'BB', 'B', 'CCC']) {
  const t = tallies.get(band);
  if (!t) continue;
  console.log(
    `${band.padEnd(4)} ${String(t.trades).padStart(7)}  ${pct(t.conventionWithin, t.trades).padStart(26)}  ${pct(t.trueWithin, t.trades).padStart(25)}  ${String(t.blocks).padStart(11)}  ${pct(t.blocksConventionWithin, t.blocks).padStart(24)}`,
  );
}
