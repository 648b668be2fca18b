/**
 * New-issue calculator benchmark (not a test): `npm run bench:calculator`.
 *
 * Targets (issue #12): a 5-tranche sheet recomputes in under 50 ms in the browser, and its xlsx
 * export takes under 500 ms. Measures, in Node on this machine, (1) the page's recompute — the
 * shared priceNewTranche for 5 tranches, what the browser runs on every override — and (2) the
 * server's workbook build for a 5-tranche answer (exceljs, formulas with results). The answer is
 * made from plausible levels with the same pricing function, so no database is needed.
 */
import type { CalculatorResponse, CalculatorTranche } from '../common/api/newIssueCalculator';
import { priceNewTranche, benchmarkTenorOf } from '../common/newIssuePricing';
import { calculatorWorkbook } from '../server/services/primary/calculatorWorkbook';

const TENORS = [3, 5, 7, 10, 30];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);

function inputsFor(tenorYears: number, k: number) {
  return {
    tenorYears,
    settlementDate: '2026-11-27',
    fairValueBp: 80 + k * 7,
    concessionBp: 6 + (k % 3),
    tighteningBp: 25,
    treasuryAtTenor: 0.039 + tenorYears * 0.0002,
    benchmarkMarketYield: 0.039 + benchmarkTenorOf(tenorYears) * 0.0002,
    benchmarkYield: 0.039 + benchmarkTenorOf(tenorYears) * 0.0002,
    coupon: null,
  };
}

function answer(): CalculatorResponse {
  const tranches = TENORS.map((tenorYears, k): CalculatorTranche => {
    const i = inputsFor(tenorYears, k);
    const l = priceNewTranche(i);
    return {
      tenorYears,
      sizeMm: 500 + 250 * k,
      settlementDate: i.settlementDate,
      maturityDate: l.maturityDate,
      benchmark: {
        tenorYears: benchmarkTenorOf(tenorYears),
        marketYield: i.benchmarkMarketYield,
        yield: { value: i.benchmarkYield, overridden: false },
      },
      treasuryAtTenor: i.treasuryAtTenor,
      fairValue: { spreadBp: i.fairValueBp, overridden: false, method: 'issuer curve', issuerBonds: 8 },
      concession: { expectedBp: i.concessionBp, lowBp: 0, highBp: 20, overridden: false },
      tighteningBp: { value: 25, overridden: false },
      iptSpreadBp: l.iptSpreadBp,
      reofferSpreadBp: l.reofferSpreadBp,
      spreadToBenchmarkBp: l.spreadToBenchmarkBp,
      reofferYield: l.reofferYield,
      coupon: { value: l.coupon, overridden: false },
      price: l.price,
    };
  });
  return {
    pricingDay: '2026-11-24',
    curveDay: '2026-11-23',
    issuer: { id: 1, name: 'Acme Holdings Inc', displayName: 'Acme Holdings', ticker: 'ACME' },
    sector: 'INDU',
    rating: 'A-',
    ratingClass: 'IG',
    tranches,
    model: {
      method: 'regression',
      observations: 140,
      from: '2026-05-28',
      to: '2026-11-23',
      coefficients: [],
      r2: 0.08,
      residualBp: 34,
      marketVolBp: 5,
      recentCover: 4,
      typicalTighteningBp: { IG: 27, HY: 33 },
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const max = (xs: number[]) => Math.max(...xs);

const recompute: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const t = performance.now();
  TENORS.forEach((tenor, k) => priceNewTranche({ ...inputsFor(tenor, k), concessionBp: r % 20 }));
  recompute.push(performance.now() - t);
}
console.log(
  `5-tranche recompute (priceNewTranche × 5), ${ROUNDS} rounds: median ${median(recompute).toFixed(3)} ms, max ${max(recompute).toFixed(3)} ms (target < 50 ms)`,
);

const a = answer();
const build: number[] = [];
let bytes = 0;
for (let r = 0; r < 30; r++) {
  const t = performance.now();
  bytes = (await calculatorWorkbook(a)).length;
  build.push(performance.now() - t);
}
console.log(
  `5-tranche xlsx build, 30 rounds: median ${median(build).toFixed(1)} ms, max ${max(build).toFixed(1)} ms, first ${build[0]!.toFixed(1)} ms, ${bytes} bytes (target < 500 ms)`,
);
