/**
 * Analytics throughput benchmark (not a test): `npm run bench:analytics`.
 *
 * Builds a deterministic universe of 100,000 mixed bonds (fixed 30/360 and ACT/ACT at 1, 2 and 4
 * coupons a year, odd first coupons, EOM Treasuries, zeros, callables, FRNs), then times on one
 * core the full analysis of every bond from its clean price: schedule, accrued, yield (or DM),
 * durations, convexity, DV01, current and money-market yield, cash flows, G/T-spreads and, for
 * callables, yields to every future call and to worst. Two entry points are timed: the building
 * blocks on numeric terms (what the server uses at scale) and `analyzeBond` on contract objects
 * (string dates in, string dates out). Then QuantLib's Python bindings do the same measures on an
 * evenly spaced sample of the same bonds (bench/analytics-quantlib.py), and the results are
 * cross-checked. Options (env): BENCH_BONDS (100000), BENCH_QL_SAMPLE (5000), BENCH_ROUNDS (3).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  analyzeBond,
  cashflowArrays,
  createBond,
  days30360,
  currentYield,
  discountMarginFromPrice,
  dirtyPriceFromYield,
  formatDate,
  frnCashflows,
  frnDirtyPrice,
  moneyMarketYield,
  parseDate,
  prepareCurve,
  riskMeasures,
  settle,
  settleFrn,
  spreads,
  yieldFromPrice,
  yieldsToCall,
  type BondInput,
  type BondTerms,
  type Call,
  type FrnRates,
} from '../analytics/index';
import { mulberry32 } from '@common/random';
import { BENCH_CURVE } from './support/benchCurve';

const N = Number(process.env.BENCH_BONDS ?? 100_000);
const QL_SAMPLE = Number(process.env.BENCH_QL_SAMPLE ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SETTLEMENT = '2026-11-23';

const prng = mulberry32;

const CURVE = BENCH_CURVE;

interface Item {
  input: BondInput;
  terms: BondTerms;
  kind: BondInput['instrument'];
  clean: number;
  calls: Call[];
  frn: FrnRates | null;
}

function makeUniverse(n: number): Item[] {
  const rnd = prng(20261123);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const settleDay = parseDate(SETTLEMENT);
  const items: Item[] = [];
  while (items.length < n) {
    const r = rnd();
    const kind: BondInput['instrument'] = r < 0.55 ? 'fixed' : r < 0.7 ? 'zero' : r < 0.85 ? 'callable' : 'frn';
    const frequency = kind === 'frn' ? 4 : kind === 'fixed' ? pick([2, 2, 2, 1, 4] as const) : 2;
    const dayCount = kind === 'frn' ? 'ACT/360' : pick(['30/360', 'ACT/ACT'] as const);
    const eom = rnd() < 0.3;
    const matYear = 2027 + Math.floor(rnd() * 30);
    const month = 1 + Math.floor(rnd() * 12);
    const day = eom ? new Date(Date.UTC(matYear, month, 0)).getUTCDate() : 1 + Math.floor(rnd() * 28);
    const maturity = `${matYear}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const tenor = Math.max(matYear - 2026 + 1, 2) + Math.floor(rnd() * 10);
    const odd = kind !== 'zero' && rnd() < 0.2;
    const issueDay =
      parseDate(`${matYear - tenor}-${String(month).padStart(2, '0')}-${String(Math.min(day, 28)).padStart(2, '0')}`) + (odd ? 17 : 0);
    const coupon = kind === 'zero' ? 0 : kind === 'frn' ? null : Math.round((0.5 + rnd() * 7.5) * 8) / 800;
    const terms: BondTerms = {
      issueDate: issueDay,
      maturityDate: parseDate(maturity),
      coupon: coupon ?? 0,
      frequency,
      dayCount,
      endOfMonth: eom,
      redemption: 100,
      zero: kind === 'zero',
    };
    if (parseDate(maturity) <= settleDay + 5) continue;
    const bond = createBond(terms);
    let clean: number;
    let frn: FrnRates | null = null;
    const calls: Call[] = [];
    if (kind === 'frn') {
      frn = { indexRate: 0.043, quotedMargin: Math.round(rnd() * 200) / 1e4, currentIndexFixing: 0.04 + rnd() * 0.006 };
      const fs = settleFrn(bond, settleDay, frn);
      clean = Math.round((frnDirtyPrice(fs, frn.quotedMargin + (rnd() - 0.5) * 0.01) - fs.accrued) * 1000) / 1000;
    } else {
      const s = settle(bond, settleDay);
      clean = Math.round((dirtyPriceFromYield(s, 0.03 + rnd() * 0.05) - s.accrued) * 1000) / 1000;
      if (kind === 'callable') {
        // Coupon dates only (dates[0] is the accrual start, often the issue date): a call on a
        // date off the coupon grid is refused, past or future.
        const future = bond.dates.slice(1).filter((d) => d > settleDay - 400);
        for (let k = 0; k < 4 && future.length > 2; k++)
          calls.push({ date: future[Math.floor((k * future.length) / 5)]!, price: 100 + (3 - k) * 0.5 });
      }
    }
    const input: BondInput = {
      id: `b${items.length}`,
      instrument: kind,
      issueDate: formatDate(issueDay),
      maturityDate: maturity,
      settlementDate: SETTLEMENT,
      firstCouponDate: null,
      coupon,
      frequency,
      dayCount,
      endOfMonth: eom,
      redemption: 100,
      callSchedule: calls.map((c) => ({ date: formatDate(c.date), price: c.price })),
      cleanPrice: clean,
      yield: null,
      treasuryCurve: CURVE,
      ...(frn ? { ...frn, discountMargin: null } : {}),
    };
    items.push({ input, terms, kind, clean, calls, frn });
  }
  return items;
}

/** The full analysis with the building blocks; returns a checksum so nothing is optimised away. */
function analyseAll(items: Item[], from = 0, to = items.length): number {
  const settleDay = parseDate(SETTLEMENT);
  const curve = prepareCurve(CURVE);
  let sum = 0;
  for (let i = from; i < to; i++) {
    const it = items[i]!;
    const bond = createBond(it.terms);
    if (it.frn) {
      const fs = settleFrn(bond, settleDay, it.frn);
      const dm = discountMarginFromPrice(fs, it.clean);
      const flows = frnCashflows(fs);
      const sp = spreads(curve, settleDay, it.terms.maturityDate, it.frn.indexRate + dm);
      sum += dm + flows.length + sp.gSpreadBp;
    } else {
      const s = settle(bond, settleDay);
      const y = yieldFromPrice(s, it.clean);
      const r = riskMeasures(s, y);
      const flows = cashflowArrays(s).amounts;
      const sp = spreads(curve, settleDay, it.terms.maturityDate, y);
      sum +=
        y +
        r.modifiedDuration +
        r.convexity +
        r.dv01 +
        currentYield(bond, it.clean) +
        moneyMarketYield(s, y, r.dirtyPrice) +
        flows.length +
        sp.gSpreadBp +
        sp.tSpreadBp;
      if (it.calls.length > 0) sum += yieldsToCall(s, it.clean + s.accrued, y, it.calls).yieldToWorst;
    }
  }
  return sum;
}

function analyseContract(items: Item[]): number {
  let sum = 0;
  for (const it of items) sum += analyzeBond(it.input).cleanPrice;
  return sum;
}

/**
 * Wall and CPU seconds of one call. The machine is shared, so wall time includes waiting for a
 * core; CPU time (user + system of this single-threaded process) is the one-core figure.
 */
function time(fn: () => number): { seconds: number; cpu: number; check: number } {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const check = fn();
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const c = process.cpuUsage(c0);
  return { seconds: wall, cpu: (c.user + c.system) / 1e6, check };
}

function best(fn: () => number): { wall: number; cpu: number } {
  let wall = Infinity;
  let cpu = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    const t = time(fn);
    wall = Math.min(wall, t.seconds);
    cpu = Math.min(cpu, t.cpu);
  }
  return { wall, cpu };
}

const universe = makeUniverse(N);
const mix = universe.reduce<Record<string, number>>((m, it) => ((m[it.kind] = (m[it.kind] ?? 0) + 1), m), {});
analyseAll(universe, 0, Math.min(N, 20_000)); // warm up the JIT
analyseContract(universe.slice(0, Math.min(N, 5_000)));
const engine = best(() => analyseAll(universe));
const contract = best(() => analyseContract(universe));

const step = Math.max(1, Math.floor(N / QL_SAMPLE));
const sample = QL_SAMPLE > 0 ? universe.filter((_, i) => i % step === 0).slice(0, QL_SAMPLE) : [];
const py =
  sample.length > 0
    ? spawnSync('/usr/bin/python3', [fileURLToPath(new URL('./analytics-quantlib.py', import.meta.url))], {
        input: sample.map((it) => JSON.stringify(it.input)).join('\n'),
        maxBuffer: 1 << 28,
        encoding: 'utf8',
      })
    : null;
type QlOut = { count: number; seconds: number; cpu: number; quantlib: string; results: [string, number, number][] };
const ql = py && py.status === 0 ? (JSON.parse(py.stdout) as QlOut) : null;

/**
 * 30/360 schedules whose regular periods do not count 360/f days (end-of-February dates): the
 * contract pays exactly 100·c/f there and QuantLib 100·c·days/360, so they differ by design.
 */
function februaryQuirk(it: Item): boolean {
  if (it.terms.dayCount !== '30/360') return false;
  const d = createBond(it.terms).dates;
  for (let k = 2; k < d.length; k++) if (days30360(d[k - 1]!, d[k]!) !== 360 / it.terms.frequency) return true;
  return false;
}

const rate = (n: number, s: number) => Math.round(n / s).toLocaleString('en-US');
console.log(
  `Bondwise analytics benchmark: ${N.toLocaleString('en-US')} bonds settling ${SETTLEMENT} ${JSON.stringify(mix)}, node ${process.version}, best of ${ROUNDS}`,
);
console.log(`  rates are analyses per CPU-second of one core (wall-clock rate in brackets; the machine is shared)`);
console.log(
  `  engine building blocks (createBond → settle → yield → risk → cash flows → spreads → calls/DM): ${rate(N, engine.cpu)}/s [${rate(N, engine.wall)}/s]`,
);
console.log(
  `  analyzeBond (contract objects in, contract objects with string dates out):                  ${rate(N, contract.cpu)}/s [${rate(N, contract.wall)}/s]`,
);
const summary: Record<string, unknown> = {
  bonds: N,
  engineRate: Math.round(N / engine.cpu),
  analyzeBondRate: Math.round(N / contract.cpu),
};
if (ql) {
  const qlRate = ql.count / ql.cpu;
  const byId = new Map(sample.map((it) => [it.input.id, it]));
  let dy = 0;
  let dd = 0;
  let quirks = 0;
  for (const [id, value, mod] of ql.results) {
    const it = byId.get(id)!;
    if (februaryQuirk(it)) {
      quirks++;
      continue;
    }
    const out = analyzeBond(it.input);
    dy = Math.max(dy, Math.abs((out.yieldToMaturity ?? out.discountMargin!) - value));
    if (out.modifiedDuration !== undefined) dd = Math.max(dd, Math.abs(out.modifiedDuration - mod));
  }
  console.log(
    `  QuantLib ${ql.quantlib} Python bindings, same measures on an even sample of ${ql.count.toLocaleString('en-US')} bonds: ${rate(ql.count, ql.cpu)}/s [${rate(ql.count, ql.seconds)}/s]`,
  );
  console.log(
    `  speed-up vs QuantLib (CPU): engine ${(N / engine.cpu / qlRate).toFixed(0)}×, analyzeBond ${(N / contract.cpu / qlRate).toFixed(0)}×`,
  );
  console.log(
    `  cross-check vs QuantLib on the sample (${quirks} end-of-February 30/360 bonds left out, see docs): max |Δ yield or DM| = ${dy.toExponential(2)}, max |Δ modified duration| = ${dd.toExponential(2)}`,
  );
  Object.assign(summary, {
    quantlibRate: Math.round(qlRate),
    speedupEngine: +(N / engine.cpu / qlRate).toFixed(1),
    speedupAnalyzeBond: +(N / contract.cpu / qlRate).toFixed(1),
    maxYieldDiff: dy,
    maxDurationDiff: dd,
  });
} else if (py) {
  console.log(`  QuantLib run failed: ${(py.stderr ?? '').split('\n').slice(-3).join(' ')}`);
}
console.log(JSON.stringify(summary));
