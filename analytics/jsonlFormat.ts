/**
 * The `bondcalc` output line written straight from an {@link Analysis}: byte for byte what
 * `JSON.stringify(toBondAnalysis(a))` gives, without building an object (and a formatted date
 * string) per cash flow first.
 *
 * Why hand-written: the line is ~1.2 KB, most of it cash flows, and JSON.stringify spent about a
 * third of the command's time walking those objects and converting every amount again, although
 * a bond's amounts are one coupon repeated. Here each distinct amount is converted once per line
 * and each `{"date":"…","amount":` prefix once per process. Numbers still go through V8's own
 * shortest round-trip conversion (`'' + x`), the same one JSON.stringify uses, so the digits are
 * identical. jsonlFormat.test.ts compares the two on every kind of bond.
 */
import type { Analysis } from './analyze';
import type { CurveSpreads } from './curve';
import { formatDate, type DayNumber } from './dates';
import type { FrnSettlement } from './frn';
import type { Settlement } from './pricing';

/**
 * A finite number as JSON text. JSON.stringify converts a lone number with the same digits as
 * `String(x)` but about twice as fast on this V8 (it skips the number-string cache).
 */
const num = (x: number): string => JSON.stringify(x);

/** `{"date":"YYYY-MM-DD","amount":` per day number, filled lazily (bonds share coupon dates). */
const flowPrefix = new Map<DayNumber, string>();

function prefixOf(date: DayNumber): string {
  let text = flowPrefix.get(date);
  if (text === undefined) {
    text = `{"date":"${formatDate(date)}","amount":`;
    // Bounded like formatDate's cache: only dates a batch actually pays on are ever stored.
    if (flowPrefix.size < 200_000) flowPrefix.set(date, text);
  }
  return text;
}

/** JSON text of a curve tenor label: the handful of labels a batch uses, escaped once. */
const tenorJson = new Map<string, string>();

function tenorText(tenor: string): string {
  let text = tenorJson.get(tenor);
  if (text === undefined) {
    text = JSON.stringify(tenor);
    if (tenorJson.size < 1_000) tenorJson.set(tenor, text);
  }
  return text;
}

/**
 * The JSON line for an analysis, or null when some number is not finite: the caller then takes
 * the object path, whose assertFinite names the field (JSON would print such a number as null).
 */
export function formatAnalysis(a: Analysis): string | null {
  if (!allFinite(a)) return null;
  let out = `{"id":${a.id === undefined ? 'null' : JSON.stringify(a.id)},"instrument":"${a.instrument}","cleanPrice":${num(a.cleanPrice)},"dirtyPrice":${num(a.dirtyPrice)},"accruedInterest":${num(a.accruedInterest)},"accruedDays":${num(a.accruedDays)}`;
  if (a.frn !== null) {
    out += `,"discountMargin":${num(a.discountMargin)},"cashflows":${frnFlows(a.frn)}`;
  } else {
    const ytm = num(a.yieldToMaturity);
    out += `,"yieldToMaturity":${ytm},"modifiedDuration":${num(a.modifiedDuration)},"macaulayDuration":${num(a.macaulayDuration)},"convexity":${num(a.convexity)},"dv01":${num(a.dv01)},"currentYield":${num(a.currentYield)},"moneyMarketYield":${num(a.moneyMarketYield)},"cashflows":${fixedFlows(a.settlement!)}`;
    const w = a.worst;
    if (w !== null) {
      // The worst yield is the yield to maturity or one of the call yields: reuse that text.
      let worst = w.yieldToWorst === a.yieldToMaturity ? ytm : null;
      let calls = '[';
      for (let i = 0; i < w.yieldToCall.length; i++) {
        const c = w.yieldToCall[i]!;
        const y = num(c.yield);
        if (worst === null && c.yield === w.yieldToWorst) worst = y;
        calls += `${i === 0 ? '' : ','}{"date":"${formatDate(c.date)}","price":${num(c.price)},"yield":${y}}`;
      }
      out += `,"yieldToCall":${calls}],"yieldToWorst":${worst ?? num(w.yieldToWorst)},"worstDate":"${formatDate(w.worstDate)}"`;
      const r = a.worstRisk!;
      out += `,"modifiedDurationToWorst":${num(r.modifiedDuration)},"macaulayDurationToWorst":${num(r.macaulayDuration)},"convexityToWorst":${num(r.convexity)},"dv01ToWorst":${num((r.modifiedDuration * a.dirtyPrice) / 10000)}`;
      if (a.warnings !== null) out += `,"warnings":${JSON.stringify(a.warnings)}`;
    }
  }
  const c = a.spreads;
  if (c !== null) out += curveText(c);
  return out + '}';
}

/** The same flows, in the same order and with the same sums, as `formattedCashflows`. */
function fixedFlows(s: Settlement): string {
  const dates = s.bond.dates;
  const last = s.count;
  // The amounts of flows 2…last−1 are all the regular coupon: convert it once.
  let couponText: string | null = null;
  let out = '[';
  let first = true;
  for (let k = 1; k <= last; k++) {
    let amount = k === 1 ? s.firstAmount : s.coupon;
    if (k === last) amount += s.redemption;
    if (amount === 0) continue;
    let text: string;
    if (k !== 1 && k !== last) text = couponText ??= num(amount);
    else text = num(amount);
    out += (first ? '' : ',') + prefixOf(dates[s.nextIndex + k - 1]!) + text + '}';
    first = false;
  }
  return out + ']';
}

/** The same flows as `frnCashflows`: each period's projected amount, zeros left out. */
function frnFlows(fs: FrnSettlement): string {
  let out = '[';
  let first = true;
  for (let k = 0; k < fs.amounts.length; k++) {
    const amount = fs.amounts[k]!;
    if (amount === 0) continue;
    out += (first ? '' : ',') + prefixOf(fs.dates[k]!) + num(amount) + '}';
    first = false;
  }
  return out + ']';
}

function curveText(c: CurveSpreads): string {
  return `,"yearsToMaturity":${num(c.yearsToMaturity)},"interpolatedTreasuryYield":${num(c.interpolatedTreasuryYield)},"gSpreadBp":${num(c.gSpreadBp)},"benchmarkTenor":${tenorText(c.benchmarkTenor)},"benchmarkYield":${num(c.benchmarkYield)},"tSpreadBp":${num(c.tSpreadBp)}`;
}

/** Every number the line would carry is finite (assertFinite's check, on the unshaped result). */
function allFinite(a: Analysis): boolean {
  if (!(
    Number.isFinite(a.cleanPrice) &&
    Number.isFinite(a.dirtyPrice) &&
    Number.isFinite(a.accruedInterest) &&
    Number.isFinite(a.accruedDays)
  ))
    return false;
  if (a.frn !== null) {
    if (!Number.isFinite(a.discountMargin)) return false;
    for (const amount of a.frn.amounts) if (!Number.isFinite(amount)) return false;
  } else {
    const s = a.settlement!;
    if (!(
      Number.isFinite(a.yieldToMaturity) &&
      Number.isFinite(a.modifiedDuration) &&
      Number.isFinite(a.macaulayDuration) &&
      Number.isFinite(a.convexity) &&
      Number.isFinite(a.dv01) &&
      Number.isFinite(a.currentYield) &&
      Number.isFinite(a.moneyMarketYield) &&
      // Every flow amount is one of these three sums.
      Number.isFinite(s.firstAmount + s.redemption) &&
      Number.isFinite(s.coupon + s.redemption) &&
      Number.isFinite(s.firstAmount) &&
      Number.isFinite(s.coupon)
    ))
      return false;
    const w = a.worst;
    if (w !== null) {
      if (!Number.isFinite(w.yieldToWorst)) return false;
      const r = a.worstRisk!;
      if (!(Number.isFinite(r.modifiedDuration) && Number.isFinite(r.macaulayDuration) && Number.isFinite(r.convexity))) return false;
      if (!Number.isFinite((r.modifiedDuration * a.dirtyPrice) / 10000)) return false;
      for (const c of w.yieldToCall) if (!Number.isFinite(c.yield) || !Number.isFinite(c.price)) return false;
    }
  }
  const c = a.spreads;
  return (
    c === null ||
    (Number.isFinite(c.yearsToMaturity) &&
      Number.isFinite(c.interpolatedTreasuryYield) &&
      Number.isFinite(c.gSpreadBp) &&
      Number.isFinite(c.benchmarkYield) &&
      Number.isFinite(c.tSpreadBp))
  );
}
