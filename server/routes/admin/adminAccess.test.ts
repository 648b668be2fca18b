import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePath } from '../../services/importers/testing';
import { createBonds, createIssuer, createSector } from '../../services/pricing/testFixtures';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';
import { createAccount } from '../auth/accountsTestKit';

/**
 * The access matrix of every /admin route, walked from the route inventory: an anonymous caller
 * gets exactly 401, a signed-in user exactly 403, an admin exactly the status listed below for a
 * well-formed call. A new /admin route fails this test until it is listed here.
 */
const BOUNDARY = '----bondwise-admin-matrix';
const treasuryUpload = {
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  payload: Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="curve.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    readFileSync(samplePath('treasury-par-yield-curve.csv')),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]),
};

/** A complete, consistent one-tranche reading (the price is the clean price at the yield). */
const FILING_READING = {
  issuer: 'Matrix Corp',
  tradeDate: '2026-01-05',
  settlementDate: '2026-01-08',
  bookrunners: ['GS'],
  ratings: {},
  tranches: [
    {
      title: null,
      principalAmount: 500_000_000,
      maturityDate: '2031-01-08',
      coupon: 0.05,
      priceToPublic: 100,
      yieldToMaturity: 0.05,
      benchmarkTreasury: null,
      benchmarkPrice: null,
      benchmarkYield: null,
      spreadBp: null,
      interestPaymentDates: null,
      firstPaymentDate: null,
      makeWholeBp: null,
      parCallDate: null,
      cusip: null,
      isin: null,
    },
  ],
};

interface AdminCall {
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
  /** What an admin gets for this well-formed call. */
  admin: number;
}

/** One well-formed call per /admin route (method and pattern as in the inventory). */
function adminCalls(ids: {
  userId: string;
  otherUserId: string;
  secondFactorUserId: string;
  roleUserId: string;
  featureUserId: string;
  inviteId: string;
  domainUpdatedAt: string;
  goneUpdatedAt: string;
  waiting: string[];
  organizationId: string;
  issuerId: number;
  dealId: number;
  trancheId: number;
  filingId: number;
  bond: { id: number; terms: object };
  mergeIds: [number, number];
  versions: Record<string, string>;
  curvePointUpdatedAt: string;
  industryId: number;
  emptyIndustryId: number;
  survivorId: number;
  duplicateId: number;
}): Record<string, AdminCall> {
  return {
    'GET /admin/features': { url: '/admin/features', admin: 200 },
    'PUT /admin/features/:name': { url: '/admin/features/blog', payload: { level: 2 }, admin: 200 },
    'PUT /admin/features/:name/organizations/:organizationId': {
      url: `/admin/features/blog/organizations/${ids.organizationId}`,
      payload: { level: 1 },
      admin: 200,
    },
    'PUT /admin/features/:name/users/:userId': { url: `/admin/features/blog/users/${ids.userId}`, payload: { level: 1 }, admin: 200 },
    'GET /admin/organizations': { url: '/admin/organizations', admin: 200 },
    'POST /admin/organizations': {
      url: '/admin/organizations',
      payload: { name: 'Matrix Capital', domains: ['matrix.example'] },
      admin: 201,
    },
    'PUT /admin/organizations/:id': { url: `/admin/organizations/${ids.organizationId}`, payload: { subscribed: true }, admin: 200 },
    'PUT /admin/users/:userId/trial': {
      url: `/admin/users/${ids.userId}/trial`,
      payload: { endsAt: '2031-01-31T00:00:00.000Z' },
      admin: 200,
    },
    'GET /admin/users': { url: '/admin/users?q=matrix&sort=lastLogin&descending=true', admin: 200 },
    'GET /admin/users/:userId': { url: `/admin/users/${ids.userId}`, admin: 200 },
    // The trial change above (registered earlier) made version 1; the lock makes 2, which the unlock sees.
    'POST /admin/users/:userId/lock': { url: `/admin/users/${ids.userId}/lock`, payload: { version: 1 }, admin: 200 },
    'POST /admin/users/:userId/unlock': { url: `/admin/users/${ids.userId}/unlock`, payload: { version: 2 }, admin: 200 },
    'POST /admin/users/:userId/logout': { url: `/admin/users/${ids.otherUserId}/logout`, payload: { version: 0 }, admin: 200 },
    'POST /admin/users/:userId/reset-second-factors': {
      url: `/admin/users/${ids.secondFactorUserId}/reset-second-factors`,
      payload: { version: 0 },
      admin: 200,
    },
    'PUT /admin/users/:userId/role': { url: `/admin/users/${ids.roleUserId}/role`, payload: { version: 0, role: 'admin' }, admin: 200 },
    'PUT /admin/users/:userId/features': {
      url: `/admin/users/${ids.featureUserId}/features`,
      payload: { version: 0, features: { blog: 1 } },
      admin: 200,
    },
    'POST /admin/invites/:inviteId/resend': { url: `/admin/invites/${ids.inviteId}/resend`, admin: 200 },
    'GET /admin/domains': { url: '/admin/domains', admin: 200 },
    'POST /admin/domains': {
      url: '/admin/domains',
      payload: { domain: 'matrix-new.example', organizationId: ids.organizationId },
      admin: 201,
    },
    'PUT /admin/domains/:domain': {
      url: '/admin/domains/partners.example',
      payload: { updatedAt: ids.domainUpdatedAt, employee: true },
      admin: 200,
    },
    'DELETE /admin/domains/:domain': { url: `/admin/domains/gone.example?updatedAt=${encodeURIComponent(ids.goneUpdatedAt)}`, admin: 204 },
    'POST /admin/users/:userId/subscribe': {
      url: '/admin/users/matrix-subscriber/subscribe',
      payload: { version: 0, organizationId: ids.organizationId },
      admin: 200,
    },
    'GET /admin/onboarding': { url: '/admin/onboarding', admin: 200 },
    'GET /admin/hawk/user-stats': { url: '/admin/hawk/user-stats', admin: 200 },
    'POST /admin/onboarding/:userId/approve': { url: `/admin/onboarding/${ids.waiting[0]}/approve`, payload: { version: 0 }, admin: 200 },
    'POST /admin/onboarding/:userId/assign': {
      url: `/admin/onboarding/${ids.waiting[1]}/assign`,
      payload: { version: 0, organizationId: ids.organizationId },
      admin: 200,
    },
    'POST /admin/onboarding/:userId/reject': {
      url: `/admin/onboarding/${ids.waiting[2]}/reject`,
      payload: { version: 0, message: 'Institutions only.' },
      admin: 200,
    },
    'GET /admin/invites': { url: '/admin/invites', admin: 200 },
    'POST /admin/invites': { url: '/admin/invites', payload: { email: 'matrix-newcomer@example.com' }, admin: 201 },
    'GET /admin/blog/authors': { url: '/admin/blog/authors', admin: 200 },
    'PUT /admin/blog/authors/:id': { url: `/admin/blog/authors/${ids.featureUserId}`, payload: { author: true }, admin: 204 },
    'GET /admin/commentary': { url: '/admin/commentary', admin: 200 },
    'POST /admin/commentary': { url: '/admin/commentary', payload: { headline: 'Quiet open', markdown: 'Spreads unchanged.' }, admin: 201 },
    'PATCH /admin/commentary/:id': { url: '/admin/commentary/999999', payload: { headline: 'x', version: 1 }, admin: 404 },
    'DELETE /admin/commentary/:id': { url: '/admin/commentary/999999', admin: 404 },
    'GET /admin/media': { url: '/admin/media', admin: 200 },
    'POST /admin/media': {
      url: '/admin/media?name=dot.gif',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00\x00', 'latin1'),
      admin: 201,
    },
    'PUT /admin/media/:id': {
      url: '/admin/media/999999?name=dot.gif',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00\x00', 'latin1'),
      admin: 404,
    },
    'DELETE /admin/media/:id': { url: '/admin/media/999999', admin: 404 },
    'GET /admin/maintenance': { url: '/admin/maintenance', admin: 200 },
    'GET /admin/usage': { url: '/admin/usage', admin: 200 },
    'GET /admin/errors': { url: '/admin/errors', admin: 200 },
    'GET /admin/support-requests': { url: '/admin/support-requests', admin: 200 },
    'POST /admin/support-requests/:id/close': { url: '/admin/support-requests/999999/close', admin: 404 },
    'GET /admin/errors/:fingerprint': { url: '/admin/errors/0123456789abcdef', admin: 404 },
    'PUT /admin/maintenance': { url: '/admin/maintenance', payload: { maintenanceMode: false }, admin: 200 },
    'POST /admin/upload/:kind': { url: '/admin/upload/treasury', ...treasuryUpload, admin: 200 },
    'GET /admin/deal': { url: '/admin/deal', admin: 200 },
    'POST /admin/deal': { url: '/admin/deal', payload: { issuerId: ids.issuerId, tranches: [{ tenorYears: 5, sizeMm: 500 }] }, admin: 201 },
    'GET /admin/deal/:id': { url: `/admin/deal/${ids.dealId}`, admin: 200 },
    'PATCH /admin/deal/:id': { url: `/admin/deal/${ids.dealId}`, payload: { bookrunners: ['GS'] }, admin: 200 },
    'POST /admin/deal/:id/tranche': { url: `/admin/deal/${ids.dealId}/tranche`, payload: { tenorYears: 30, sizeMm: 250 }, admin: 201 },
    'PATCH /admin/deal/:id/tranche/:trancheId': {
      url: `/admin/deal/${ids.dealId}/tranche/${ids.trancheId}`,
      payload: { iptSpreadBp: 120 },
      admin: 200,
    },
    'DELETE /admin/deal/:id/tranche/:trancheId': { url: `/admin/deal/${ids.dealId}/tranche/${ids.trancheId}`, admin: 200 },
    'POST /admin/deal/:id/status': {
      url: `/admin/deal/${ids.dealId}/status`,
      payload: { status: 'initial_price_talk', at: '2026-01-05T15:00:00Z' },
      admin: 201,
    },
    'DELETE /admin/deal/:id/status/latest': { url: `/admin/deal/${ids.dealId}/status/latest`, admin: 200 },
    'GET /admin/audit-log': { url: '/admin/audit-log?action=deal.', admin: 200 },
    'GET /admin/audit-log/csv': { url: '/admin/audit-log/csv?action=deal.', admin: 200 },
    'GET /admin/edgar': { url: '/admin/edgar', admin: 200 },
    'POST /admin/edgar': { url: '/admin/edgar', payload: { fileName: 'memo.txt', content: 'Not a term sheet.' }, admin: 201 },
    'GET /admin/edgar/:id': { url: `/admin/edgar/${ids.filingId}`, admin: 200 },
    'PUT /admin/edgar/:id': { url: `/admin/edgar/${ids.filingId}`, payload: { reading: FILING_READING }, admin: 200 },
    'POST /admin/edgar/:id/deal': { url: `/admin/edgar/${ids.filingId}/deal`, payload: { issuerId: ids.issuerId }, admin: 200 },
    'GET /admin/system': { url: '/admin/system', admin: 200 },
    'PUT /admin/system/jobs/:name': { url: '/admin/system/jobs/accounts-cleanup', payload: { paused: false }, admin: 200 },
    'POST /admin/system/jobs/:name/run': { url: '/admin/system/jobs/accounts-cleanup/run', admin: 202 },
    'GET /admin/trades-missing-bonds': { url: '/admin/trades-missing-bonds', admin: 200 },
    'GET /admin/trades-missing-bonds/:identifier': { url: '/admin/trades-missing-bonds/ZQ9999ZZ4', admin: 404 },
    'POST /admin/trades-missing-bonds/:identifier/map': {
      url: '/admin/trades-missing-bonds/ZQ9999ZZ4/map',
      payload: { bondId: 1 },
      admin: 404,
    },
    'GET /admin/issuers': { url: '/admin/issuers?q=mtrx', admin: 200 },
    'GET /admin/issuers/:issuerId': { url: `/admin/issuers/${ids.issuerId}`, admin: 200 },
    'PUT /admin/issuers/:issuerId': {
      url: `/admin/issuers/${ids.survivorId}`,
      payload: { version: 0, displayName: 'Matrix Survivor' },
      admin: 200,
    },
    'POST /admin/issuers/:issuerId/merge': {
      url: `/admin/issuers/${ids.survivorId}/merge`,
      payload: { duplicateId: ids.duplicateId, version: 1, duplicateVersion: 0, confirm: true },
      admin: 200,
    },
    'GET /admin/sectors': { url: '/admin/sectors', admin: 200 },
    'POST /admin/sectors': { url: '/admin/sectors', payload: { code: 'MATRIX', name: 'Matrix' }, admin: 201 },
    'POST /admin/sectors/move-issuers': {
      url: '/admin/sectors/move-issuers',
      payload: { issuerIds: [ids.issuerId], sectorId: ids.industryId },
      admin: 200,
    },
    'PUT /admin/sectors/:sectorId': {
      url: `/admin/sectors/${ids.emptyIndustryId}`,
      payload: { version: 0, name: 'Matrix empty' },
      admin: 200,
    },
    'DELETE /admin/sectors/:sectorId': { url: `/admin/sectors/${ids.emptyIndustryId}?version=1`, admin: 204 },
    'GET /admin/display-names': { url: '/admin/display-names?type=issuer', admin: 200 },
    'GET /admin/display-names/subjects': { url: '/admin/display-names/subjects?type=issuer&q=MTRX', admin: 200 },
    'POST /admin/display-names/preview': {
      url: '/admin/display-names/preview',
      payload: { subjectType: 'issuer', subjectId: ids.issuerId, displayName: 'Matrix Co' },
      admin: 200,
    },
    'PUT /admin/display-names/:subjectType/:subjectId': {
      url: `/admin/display-names/issuer/${ids.issuerId}`,
      payload: { displayName: 'Matrix Co', version: null },
      admin: 200,
    },
    'DELETE /admin/display-names/:subjectType/:subjectId': { url: `/admin/display-names/issuer/${ids.issuerId}?version=0`, admin: 204 },
    'GET /admin/review': { url: '/admin/review?queue=stale', admin: 200 },
    // Nothing is priced in this database: the item is in no queue.
    'POST /admin/review/decisions': {
      url: '/admin/review/decisions',
      payload: { queue: 'stale', key: 'stale:1:never', decision: 'accept' },
      admin: 404,
    },
    'POST /admin/trades-missing-bonds/bond': {
      url: '/admin/trades-missing-bonds/bond',
      payload: { cusip: 'ZQ9999ZZ4', coupon_pct: 'not a number' },
      admin: 400,
    },
    'GET /admin/bond': { url: '/admin/bond?q=Z', admin: 200 },
    'GET /admin/bond/:bondId': { url: `/admin/bond/${ids.bond.id}`, admin: 200 },
    // A fixture bond's CUSIP has no check digit: the edit gives it a valid one.
    'PUT /admin/bond/:bondId': { url: `/admin/bond/${ids.bond.id}`, payload: { ...ids.bond.terms, cusip: 'ZQ1001AA9' }, admin: 200 },
    'GET /admin/bond-compare': { url: `/admin/bond-compare?ids=${ids.mergeIds.join(',')}`, admin: 200 },
    'POST /admin/bond-compare/merge': {
      url: '/admin/bond-compare/merge',
      payload: { survivorId: ids.mergeIds[0], mergedIds: [ids.mergeIds[1]], versions: ids.versions, confirm: true },
      admin: 200,
    },
    'GET /admin/bond-compare/candidates': { url: '/admin/bond-compare/candidates?limit=5', admin: 200 },
    'GET /admin/curve': { url: '/admin/curve', admin: 200 },
    'GET /admin/curve/compare': { url: '/admin/curve/compare?a=2020-01-02&b=2020-01-02', admin: 200 },
    'PUT /admin/curve/:date/:tenor': {
      url: '/admin/curve/2020-01-02/10Y',
      payload: { yield: 0.0188, updatedAt: ids.curvePointUpdatedAt },
      admin: 200,
    },
    'GET /admin/recent': { url: '/admin/recent?kind=bond', admin: 200 },
  };
}

describe('every /admin route: anonymous 401, user 403, admin as listed', () => {
  let ctx: TestContext;
  let user: { authorization: string };
  let admin: { authorization: string };
  let calls: Record<string, AdminCall>;

  beforeAll(async () => {
    ctx = await createTestApp();
    user = await signedIn(ctx, 'matrix-user');
    admin = await signedIn(ctx, 'matrix-admin', { admin: true });
    const org = await ctx.app.inject({
      method: 'POST',
      url: '/admin/organizations',
      headers: admin,
      payload: { name: 'Matrix Partners', domains: ['partners.example'] },
    });
    expect(org.statusCode).toBe(201);
    const { industryId } = await createSector(ctx.database.db);
    const issuerId = await createIssuer(ctx.database.db, industryId, 'MTRX');
    const survivorId = await createIssuer(ctx.database.db, industryId, 'MSRV');
    const duplicateId = await createIssuer(ctx.database.db, industryId, 'MDUP');
    const { industryId: emptyIndustryId } = await createSector(ctx.database.db, 'MTXE', 'Matrix sector');
    const deal = await ctx.app.inject({
      method: 'POST',
      url: '/admin/deal',
      headers: admin,
      payload: {
        issuerId,
        announcedAt: '2026-01-05T13:00:00Z',
        tranches: [
          { tenorYears: 5, sizeMm: 500 },
          { tenorYears: 10, sizeMm: 750 },
        ],
      },
    });
    expect(deal.statusCode, deal.body).toBe(201);
    const detail = await ctx.app.inject({ method: 'GET', url: `/admin/deal/${deal.json().id}`, headers: admin });
    const filing = await ctx.app.inject({
      method: 'POST',
      url: '/admin/edgar',
      headers: admin,
      payload: { fileName: 'matrix.txt', content: 'Issuer: Matrix Corp\nPrincipal Amount: $500,000,000\n' },
    });
    expect(filing.statusCode, filing.body).toBe(201);
    // The users admin's actions each act once per version: each gets its own person.
    for (const id of ['matrix-other', 'matrix-totp', 'matrix-role', 'matrix-features', 'matrix-subscriber']) await signedIn(ctx, id);
    await sql`update users set totp_secret = 'JBSWY3DPEHPK3PXP', totp_enabled_at = now() where id = 'matrix-totp'`.execute(ctx.database.db);
    const invite = await ctx.app.inject({
      method: 'POST',
      url: '/admin/invites',
      headers: admin,
      payload: { email: 'matrix-resend@example.com' },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const gone = await ctx.app.inject({
      method: 'POST',
      url: '/admin/domains',
      headers: admin,
      payload: { domain: 'gone.example', organizationId: org.json().id },
    });
    expect(gone.statusCode, gone.body).toBe(201);
    const held = (await ctx.app.inject({ method: 'GET', url: '/admin/domains', headers: admin })).json();
    // Sign-ups waiting for onboarding (their domain belongs to no organisation).
    const waiting: string[] = [];
    for (const email of ['wait-1@nowhere.example', 'wait-2@nowhere.example', 'wait-3@nowhere.example'])
      waiting.push((await createAccount(ctx, email)).id);
    // Bonds to edit and merge, and a curve day of their own (the matrix's upload rewrites the sample's days).
    const [bondId, survivingBondId, mergedId] = await createBonds(
      ctx.database.db,
      [0, 1, 2].map(() => ({ issuerId, issueDate: '2024-01-15', maturityDate: '2034-01-15' })),
    );
    const version = async (id: number) =>
      (
        await sql<{
          v: string;
        }>`select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as v from bonds where id = ${id}`.execute(
          ctx.database.db,
        )
      ).rows[0]!.v;
    const read = (await ctx.app.inject({ method: 'GET', url: `/admin/bond/${bondId}`, headers: admin })).json();
    const {
      id: _id,
      isin: _isin,
      issuer: _issuer,
      currency: _c,
      tenorAtIssue: _t,
      source: _s,
      createdAt: _ca,
      market: _m,
      tradeCount: _tc,
      trades: _tr,
      history: _h,
      ...terms
    } = read;
    const curvePoint = await sql<{
      v: string;
    }>`insert into treasury_curve_points (curve_date, tenor, years, yield) values ('2020-01-02', '10Y', 10, 0.0188)
      returning to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as v`.execute(ctx.database.db);
    calls = adminCalls({
      bond: { id: bondId!, terms },
      mergeIds: [survivingBondId!, mergedId!],
      versions: { [survivingBondId!]: await version(survivingBondId!), [mergedId!]: await version(mergedId!) },
      curvePointUpdatedAt: curvePoint.rows[0]!.v,
      waiting,
      domainUpdatedAt: held.domains.find((d: { domain: string }) => d.domain === 'partners.example').updatedAt,
      goneUpdatedAt: gone.json().updatedAt,
      filingId: filing.json().id,
      userId: 'matrix-user',
      otherUserId: 'matrix-other',
      secondFactorUserId: 'matrix-totp',
      roleUserId: 'matrix-role',
      featureUserId: 'matrix-features',
      inviteId: invite.json().id,
      organizationId: org.json().id,
      issuerId,
      industryId,
      emptyIndustryId,
      survivorId,
      duplicateId,
      dealId: deal.json().id,
      trancheId: detail.json().tranches[1].id,
    });
  });
  afterAll(() => ctx.close());

  const adminRoutes = () => ctx.app.routeInventory.filter((r) => r.url.startsWith('/admin/')).map((r) => `${r.method} ${r.url}`);
  const send = (route: string, headers: Record<string, string>) => {
    const call = calls[route]!;
    const method = route.split(' ')[0] as 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
    const payload = call.payload === undefined ? {} : { payload: call.payload };
    return ctx.app.inject({ method, url: call.url, headers: { ...call.headers, ...headers }, ...payload });
  };

  it('lists a well-formed call for each /admin route of the inventory, and no other', () => {
    expect(adminRoutes().sort()).toEqual(Object.keys(calls).sort());
  });

  it('an anonymous caller gets exactly 401 from each', async () => {
    for (const route of adminRoutes()) {
      const res = await send(route, {});
      expect({ route, status: res.statusCode, body: res.json() }).toEqual({
        route,
        status: 401,
        body: { error: 'Authentication required' },
      });
    }
  });

  it('a signed-in user gets exactly 403 from each', async () => {
    for (const route of adminRoutes()) {
      const res = await send(route, user);
      expect({ route, status: res.statusCode, body: res.json() }).toEqual({
        route,
        status: 403,
        body: { error: 'Administrator access required' },
      });
    }
  });

  it('an admin gets exactly the listed status from each', async () => {
    for (const route of adminRoutes()) {
      const res = await send(route, admin);
      expect({ route, status: res.statusCode }).toEqual({ route, status: calls[route]!.admin });
    }
  });
});
