import { describe, expect, it } from 'vitest';
import { ROUTES, menuPath, menuRoutes } from './routes';

const paths = ROUTES.map((r) => r.path);

describe('route table (spec §2)', () => {
  it('lists every public route', () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        '/bw/login',
        '/bw/login/e/:code',
        '/bw/signup',
        '/bw/signup/:uuid',
        '/bw/invite/:inviteCode',
        '/bw/reset-password',
        '/bw/reset-password/:uuid',
        '/bw/unlock',
        '/bw/unlock/:uuid',
        '/bw/alerts/disable/:disableCode',
        '/welcome',
      ]),
    );
  });

  it('lists the special routes: / → login, /bw → market summary, logout, maintenance, error', () => {
    expect(ROUTES.find((r) => r.path === '/')?.redirect).toBe('/bw/login');
    expect(ROUTES.find((r) => r.path === '/bw')?.redirect).toBe('/bw/market/summary');
    expect(paths).toEqual(expect.arrayContaining(['/bw/logout', '/bw/maintenance', '/bw/error']));
  });

  it('signup with a uuid redirects to /welcome with the uuid as query', () => {
    expect(ROUTES.find((r) => r.path === '/bw/signup/:uuid')?.redirect).toBe('/welcome?uuid=:uuid');
  });

  it('lists every authenticated route', () => {
    expect(ROUTES.filter((r) => r.access === 'user').map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/bw/bond',
        '/bw/bond/config',
        '/bw/bond/config/:uuid',
        '/bw/bond/chart',
        '/bw/market/summary',
        '/bw/market/detail/:metric?/:tenor?/:segment?',
        '/bw/sector/overview',
        '/bw/bond/:bondId/pricing',
        '/bw/bond/:bondId/history',
        '/bw/history',
        '/bw/bond/:bondId/cashflow',
        '/bw/primary/new-issues',
        '/bw/primary/new-issue-volume',
        '/bw/primary/pricing/:dealId',
        '/bw/primary/pricing',
        '/bw/primary/pricing-sheet/:id?',
        '/bw/term-structure-change',
        '/bw/profile',
        '/bw/help/guides',
        '/bw/help/workflows',
        '/bw/help/*',
        '/bw/blog',
        '/bw/blog/post/:postSlug',
        '/bw/alerts/history',
        '/bw/alerts/subscriptions',
        '/bw/share/accept/:uuid',
        '/bw/share/manage',
      ]),
    );
  });

  it('has the 28 admin pages of §2, plus the console pages of our own (usage dashboards, errors, support requests)', () => {
    const admin = ROUTES.filter((r) => r.access === 'admin');
    const ours = ['/bw/admin/usage', '/bw/admin/errors', '/bw/admin/support'];
    expect(admin.filter((r) => !ours.includes(r.path))).toHaveLength(28);
    expect(admin.map((r) => r.path)).toEqual(expect.arrayContaining(ours));
    expect(admin.every((r) => r.path.startsWith('/bw/admin'))).toBe(true);
  });

  it('gives every route a title and a unique path', () => {
    expect(ROUTES.every((r) => r.title.length > 0)).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('menu entries drop optional segments', () => {
    expect(menuRoutes('market').map(menuPath)).toContain('/bw/market/detail');
    expect(menuRoutes('primary').map(menuPath)).toContain('/bw/primary/pricing-sheet');
  });
});
