import { describe, expect, it } from 'vitest';
import { marketTestApp } from '../../test/marketTestApp';

describe('one bond: detail, price history, trades, cash flows; trades market-wide', () => {
  const m = marketTestApp({ bonds: 30, historyDays: 8 });

  it('shows terms, issuer with sector, ratings history newest first, call schedule, analytics and lineage', async () => {
    const id = m.u.bondIds[4]!; // k=4: callable, in BANK (FIN)
    const res = await m.get(`/v2/bond/${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.id).toBe(id);
    expect(body.terms).toMatchObject({ couponType: 'fixed', frequency: 2, dayCount: '30/360', currency: 'USD' });
    expect(body.issuer).toMatchObject({ ticker: 'ECHO', industry: { code: 'BANK' }, sector: { code: 'FIN' } });
    expect(body.ratings.history).toHaveLength(2);
    expect(body.ratings.history[0].effectiveDate > body.ratings.history[1].effectiveDate).toBe(true);
    expect(body.callSchedule).toHaveLength(1);
    expect(body.analytics).toMatchObject({ id, bondIdentifier: body.cusip, ticker: 'ECHO' });
    expect(body.lineage).toMatchObject({ priceDate: m.u.asOfDay, kind: 'eod', inputs: { method: 'fixture' } });
  });

  it('says where a bond comes from, and why one is shown without an evaluated price', async () => {
    const id = m.u.bondIds[6]!;
    expect((await m.get(`/v2/bond/${id}`)).json().terms).toMatchObject({ notPricedReason: null });
    await m.ctx.database.db
      .updateTable('bonds')
      .set({ source: 'finra-public', not_priced_reason: 'Step Up/Step Down (VRGR): step coupons are not modelled' })
      .where('id', '=', id)
      .execute();
    expect((await m.get(`/v2/bond/${id}`)).json().terms).toMatchObject({
      source: 'finra-public',
      notPricedReason: 'Step Up/Step Down (VRGR): step coupons are not modelled',
    });
  });

  it('answers 404 for an unknown bond and 400 for a malformed id on every bond path', async () => {
    for (const suffix of ['', '/price-history', '/trades', '/cashflows']) {
      expect((await m.get(`/v2/bond/999999${suffix}`)).statusCode, suffix).toBe(404);
      const bad = await m.get(`/v2/bond/abc${suffix}`);
      expect(bad.statusCode, suffix).toBe(400);
      expect(bad.json().error).toMatch(/params\.id/);
      expect((await m.ctx.app.inject({ method: 'GET', url: `/v2/bond/${m.u.bondIds[1]}${suffix}` })).statusCode).toBe(401);
    }
  });

  it('returns end-of-day price history oldest first within the range, with volume', async () => {
    const id = m.u.bondIds[3]!;
    const all = (await m.get(`/v2/bond/${id}/price-history`)).json();
    expect(all.points.map((p: { date: string }) => p.date)).toEqual(m.u.days);
    expect(all.points.some((p: { volume: number }) => p.volume > 0)).toBe(true);
    const some = (await m.get(`/v2/bond/${id}/price-history?from=${m.u.days[2]}&to=${m.u.days[4]}`)).json();
    expect(some.points.map((p: { date: string }) => p.date)).toEqual(m.u.days.slice(2, 5));
    const bad = await m.get(`/v2/bond/${id}/price-history?from=2026-13`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/querystring\.from/);
  });

  it('lists a bond’s trades newest first with disseminated sizes (5MM+ for capped blocks)', async () => {
    const id = m.u.bondIds[2]!;
    const body = (await m.get(`/v2/bond/${id}/trades`)).json();
    expect(body.trades.length).toBeGreaterThan(0);
    const times = body.trades.map((t: { executionTime: string }) => t.executionTime);
    expect([...times].sort().reverse()).toEqual(times);
    for (const t of body.trades) {
      expect(t.bondId).toBe(id);
      if (t.quantityCapped) expect(t).toMatchObject({ quantity: '5MM+', reportedQuantity: 5_000_000 });
      else expect(t.quantity).toBe(String(t.reportedQuantity));
    }
    const limited = (await m.get(`/v2/bond/${id}/trades?limit=1`)).json();
    expect(limited.trades).toHaveLength(1);
  });

  it('lists trades market-wide by date range, or for one bond, and validates the bond', async () => {
    const day = m.u.days[1]!;
    const body = (await m.get(`/v2/trade?from=${day}&to=${day}&limit=1000`)).json();
    expect(body.trades.length).toBeGreaterThan(0);
    expect(body.trades.every((t: { executionTime: string }) => t.executionTime.startsWith(day))).toBe(true);
    const capped = (await m.get('/v2/trade?limit=1000')).json().trades.filter((t: { quantityCapped: boolean }) => t.quantityCapped);
    expect(capped.length).toBeGreaterThan(0);
    expect(JSON.stringify(capped)).not.toContain('7000000');
    const one = (await m.get(`/v2/trade?bondId=${m.u.bondIds[2]}`)).json();
    expect(one.trades.every((t: { bondId: number }) => t.bondId === m.u.bondIds[2])).toBe(true);
    expect((await m.get('/v2/trade?bondId=999999')).statusCode).toBe(404);
    expect((await m.get('/v2/trade?limit=0')).statusCode).toBe(400);
    expect((await m.ctx.app.inject({ method: 'GET', url: '/v2/trade' })).statusCode).toBe(401);
  });

  it('computes future cash flows per 100 with the analytics engine, principal on the last', async () => {
    const id = m.u.bondIds[3]!;
    const detail = (await m.get(`/v2/bond/${id}`)).json();
    const body = (await m.get(`/v2/bond/${id}/cashflows`)).json();
    expect(body.settlementDate > m.u.asOfDay).toBe(true);
    const flows = body.cashflows;
    expect(flows.at(-1)).toMatchObject({ date: detail.terms.maturityDate, principal: 100 });
    const regular = (detail.terms.coupon * 100) / 2;
    for (const f of flows.slice(1, -1)) expect(f.coupon).toBeCloseTo(regular, 6);
    expect(flows.every((f: { date: string }) => f.date > body.settlementDate)).toBe(true);
    // A floater projects coupons at the assumed index level plus its margin.
    const frn = (await m.get(`/v2/bond/${m.u.bondIds[7]}/cashflows`)).json();
    expect(frn.assumedIndexRate).toBeGreaterThan(0);
    expect(frn.cashflows.at(-1).principal).toBe(100);
  });
});
