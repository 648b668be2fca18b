#!/usr/bin/python3
"""QuantLib side of bench/analytics.bench.ts: the same measures on the same bonds.

Reads contract-shaped input objects (JSON lines) on stdin, then times, on one core, for each bond:
schedule + bond construction, accrued, yield from clean price (accuracy 1e-12), modified and
Macaulay duration, convexity, the future cash flows, curve spreads, yields to every future call
(one cut bond per call) and, for FRNs, the discount margin (Brent on the contract's simple
discounting). Date parsing is done before the clock starts. Prints one JSON object: the count,
the seconds and, per bond, [id, yield or DM, modified duration] for the TypeScript cross-check.
"""
import json
import sys
import time

import QuantLib as ql

CAL = ql.NullCalendar()
FREQ = {1: ql.Annual, 2: ql.Semiannual, 4: ql.Quarterly}
DC = {'30/360': ql.Thirty360(ql.Thirty360.BondBasis), 'ACT/ACT': ql.ActualActual(ql.ActualActual.ISMA)}


def qd(s):
    return ql.DateParser.parseISO(s) if s else None


def spreads(curve, settle, maturity, y):
    years = (maturity - settle) / 365.25
    xs, ys = curve
    if years <= xs[0]:
        interp = ys[0]
    elif years >= xs[-1]:
        interp = ys[-1]
    else:
        i = next(k for k in range(1, len(xs)) if xs[k] >= years)
        interp = ys[i - 1] + (years - xs[i - 1]) / (xs[i] - xs[i - 1]) * (ys[i] - ys[i - 1])
    best = min(range(len(xs)), key=lambda i: (abs(xs[i] - years), -xs[i]))
    return (y - interp) * 1e4, (y - ys[best]) * 1e4


def fixed(b, curve):
    f, dc, settle, maturity = b['frequency'], DC[b['dayCount']], b['s'], b['m']
    start = b['i']
    if b['instrument'] == 'zero':  # regular quasi-coupon grid, as the engine does
        k = 0
        while True:
            g = maturity - ql.Period(6 * k, ql.Months)
            if b['endOfMonth'] and maturity == ql.Date.endOfMonth(maturity):
                g = ql.Date.endOfMonth(g)
            if g <= start:
                start = g
                break
            k += 1
    sched = ql.Schedule(start, maturity, ql.Period(FREQ[f]), CAL, ql.Unadjusted, ql.Unadjusted,
                        ql.DateGeneration.Backward, b['endOfMonth'], b['fc'] or ql.Date())
    bond = ql.FixedRateBond(0, 100.0, sched, [b['coupon'] or 0.0], dc, ql.Unadjusted, b['redemption'])
    future = [cf for cf in bond.cashflows() if cf.date() > settle]
    comp = ql.SimpleThenCompounded if len({cf.date() for cf in future}) == 1 else ql.Compounded
    clean = b['cleanPrice']
    ql.BondFunctions.accruedAmount(bond, settle)
    y = ql.BondFunctions.bondYield(bond, clean, dc, comp, FREQ[f], settle, 1e-12, 100, 0.05)
    rate = ql.InterestRate(y, dc, comp, FREQ[f])
    mod = ql.BondFunctions.duration(bond, rate, ql.Duration.Modified, settle)
    if comp == ql.Compounded:
        ql.BondFunctions.duration(bond, rate, ql.Duration.Macaulay, settle)
    ql.BondFunctions.convexity(bond, rate, settle)
    flows = [(cf.date(), cf.amount()) for cf in future]
    spreads(curve, settle, maturity, y)
    if b['instrument'] == 'callable':
        dates = list(sched)
        regular = [sched.isRegular(i) for i in range(1, len(dates))]
        for cd, price in b['calls']:
            if cd <= settle:
                continue
            j = dates.index(cd)
            cut = ql.Schedule(dates[:j + 1], CAL, ql.Unadjusted, ql.Unadjusted, ql.Period(FREQ[f]),
                              ql.DateGeneration.Backward, b['endOfMonth'], regular[:j])
            cb = ql.FixedRateBond(0, 100.0, cut, [b['coupon']], dc, ql.Unadjusted, price)
            n = len({cf.date() for cf in cb.cashflows() if cf.date() > settle})
            ql.BondFunctions.bondYield(cb, clean, dc, ql.SimpleThenCompounded if n == 1 else ql.Compounded,
                                       FREQ[f], settle, 1e-12, 100, 0.05)
    return y, mod, len(flows)


def frn(b, curve):
    settle, maturity = b['s'], b['m']
    sched = ql.Schedule(b['i'], maturity, ql.Period(ql.Quarterly), CAL, ql.Unadjusted, ql.Unadjusted,
                        ql.DateGeneration.Backward, b['endOfMonth'], b['fc'] or ql.Date())
    dates = list(sched)
    dc = ql.Actual360()
    i = max(k for k in range(len(dates) - 1) if dates[k] <= settle)
    idx, m, fix = b['indexRate'], b['quotedMargin'], b['currentIndexFixing']
    amounts, taus, prev = [], [], settle
    for k in range(i, len(dates) - 1):
        amounts.append(100 * ((fix if k == i else idx) + m) * dc.yearFraction(dates[k], dates[k + 1]))
        taus.append(dc.yearFraction(prev, dates[k + 1]))
        prev = dates[k + 1]
    amounts[-1] += b['redemption']
    target = b['cleanPrice'] + 100 * (fix + m) * dc.yearFraction(dates[i], settle)

    def err(dm):
        r, df, total = idx + dm, 1.0, 0.0
        for a, t in zip(amounts, taus):
            df /= 1 + r * t
            total += a * df
        return total - target

    dm = ql.Brent().solve(err, 1e-12, 0.01, -0.5, 1.0)
    spreads(curve, settle, maturity, idx + dm)
    return dm, 0.0, len(amounts)


def main():
    bonds = [json.loads(line) for line in sys.stdin if line.strip()]
    for b in bonds:  # parse dates before timing, as the TypeScript side works on day numbers
        b['i'], b['m'], b['s'], b['fc'] = qd(b['issueDate']), qd(b['maturityDate']), qd(b['settlementDate']), qd(b['firstCouponDate'])
        b['calls'] = [(qd(c['date']), c['price']) for c in b.get('callSchedule') or []]
        b['curve'] = ([p['years'] for p in b['treasuryCurve']], [p['yield'] for p in b['treasuryCurve']])
    if bonds:
        ql.Settings.instance().evaluationDate = bonds[0]['s']
    results = []
    t0, c0 = time.perf_counter(), time.process_time()
    for b in bonds:
        r = frn(b, b['curve']) if b['instrument'] == 'frn' else fixed(b, b['curve'])
        results.append([b['id'], r[0], r[1]])
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    json.dump({'count': len(bonds), 'seconds': seconds, 'cpu': cpu, 'quantlib': ql.__version__, 'results': results}, sys.stdout)


if __name__ == '__main__':
    main()
