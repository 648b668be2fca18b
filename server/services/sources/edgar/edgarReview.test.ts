import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealListResponse } from '../../../../common/api/primary';
import type { Filing, FilingList } from '../../../../common/api/edgar';
import { businessDaysBetween } from '../../../../common/calendar';
import { createTestApp, signedIn, type TestContext } from '../../../test/testApp';
import { createCurves, createSector } from '../../pricing/testFixtures';
import { sourceCursor } from '../cursorStore';
import { type RecordedServer, handClock, startRecordedServer } from '../recordedServer';
import { EDGAR_SOURCE, pollEdgar } from './edgarPoller';

/** 24 Nov 2026, 10:00 in New York, the day after Northwind's sheets were filed. */
const NOW = Date.parse('2026-11-24T15:00:00Z');

describe('FWP filings polled from EDGAR go through the review queue onto the new-issue calendar', () => {
  let ctx: TestContext;
  let server: RecordedServer;
  let admin: Record<string, string>;
  let user: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => NOW });
    admin = await signedIn(ctx, 'edgar-feed-admin', { admin: true });
    user = await signedIn(ctx, 'edgar-feed-user');
    await createSector(ctx.database.db, 'IND', 'Industrials');
    await createCurves(ctx.database.db, businessDaysBetween('2026-10-26', '2026-11-24'));
    server = await startRecordedServer(join(process.cwd(), 'samples/replay/edgar'), () => NOW);
  });
  afterAll(async () => {
    await server.close();
    await ctx.close();
  });

  it('a polled sheet of an unknown issuer waits in the queue, and its deal is on the calendar once an admin makes it', async () => {
    await pollEdgar(ctx.database.db, {
      baseUrl: server.baseUrl,
      userAgent: 'Bondwise Tests ops@bondwise.example',
      clock: handClock(NOW),
      cursor: sourceCursor(ctx.database.db, EDGAR_SOURCE.source, EDGAR_SOURCE.dataset, () => NOW),
      startDate: '2026-11-23',
    });
    const calendar = async () =>
      (
        (
          await ctx.app.inject({ method: 'GET', url: '/v2/primary/deal?from=2026-11-23&to=2026-11-24', headers: user })
        ).json() as DealListResponse
      ).deals.filter((d) => d.issuer.name.startsWith('Northwind'));
    expect(await calendar()).toEqual([]);

    const queue = (await ctx.app.inject({ method: 'GET', url: '/admin/edgar', headers: admin })).json() as FilingList;
    const threeTranches = queue.filings.find((f) => f.fileName === '0001193125-26-412001 d412001dfwp.htm');
    expect(threeTranches).toMatchObject({ status: 'parsed', issuer: 'Northwind Industries, Inc.', tranches: 3, dealId: null });

    const made = await ctx.app.inject({
      method: 'POST',
      url: `/admin/edgar/${threeTranches!.id}/deal`,
      headers: admin,
      payload: { newIssuer: { ticker: 'NWND', industryCode: 'IND-1' } },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json() as Filing).toMatchObject({ status: 'imported', matchedIssuer: { ticker: 'NWND' } });
    const [deal] = await calendar();
    expect(deal).toMatchObject({ status: 'priced', issuer: { ticker: 'NWND' }, totalSize: 2_250_000_000 });
    expect(deal!.tranches).toHaveLength(3);
  });
});
