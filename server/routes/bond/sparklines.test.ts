import { describe, expect, it } from 'vitest';
import { marketTestApp } from '../../test/marketTestApp';

describe("sparklines: many bonds' recent closes in one request", () => {
  const m = marketTestApp({ bonds: 30, historyDays: 8 });

  it('gives each asked bond its last closes, as its own price history has them, in the order asked', async () => {
    const ids = [m.u.bondIds[7]!, m.u.bondIds[2]!, m.u.bondIds[11]!];
    const res = await m.get(`/v2/bond/sparklines?ids=${ids.join(',')},${ids[0]}&points=5`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.series.map((s: { id: number }) => s.id)).toEqual(ids);
    for (const s of body.series as { id: number; prices: number[] }[]) {
      const history = (await m.get(`/v2/bond/${s.id}/price-history`)).json();
      expect(s.prices).toHaveLength(5);
      expect(s.prices).toEqual(history.points.slice(-5).map((p: { price: number }) => p.price));
    }
  });

  it('fewer points give the latest closes only; an unknown bond gets an empty series', async () => {
    const id = m.u.bondIds[3]!;
    const all = (await m.get(`/v2/bond/sparklines?ids=${id}`)).json();
    const some = (await m.get(`/v2/bond/sparklines?ids=${id},999999&points=3`)).json();
    expect(some.series[0].prices).toEqual(all.series[0].prices.slice(-3));
    expect(some.series[1]).toEqual({ id: 999999, prices: [] });
  });

  it('refuses anonymous callers, missing or malformed ids, too many ids and a bad window, naming the field', async () => {
    expect((await m.ctx.app.inject({ method: 'GET', url: `/v2/bond/sparklines?ids=${m.u.bondIds[0]}` })).statusCode).toBe(401);
    for (const [query, field] of [
      ['', 'ids'],
      ['ids=abc', 'ids'],
      ['ids=-4', 'ids'],
      [`ids=${Array.from({ length: 201 }, (_, k) => k + 1).join(',')}`, 'ids'],
      [`ids=${m.u.bondIds[0]}&points=1`, 'points'],
      [`ids=${m.u.bondIds[0]}&points=9999`, 'points'],
    ] as const) {
      const res = await m.get(`/v2/bond/sparklines?${query}`);
      expect(res.statusCode, query.slice(0, 40)).toBe(400);
      expect(res.json().error, query.slice(0, 40)).toMatch(new RegExp(`querystring\\.${field}`));
    }
  });
});
