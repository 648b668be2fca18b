import { describe, expect, it } from 'vitest';
import { afterLoginPath, decideRedirect, findRoute, isRefusedAdminRoute, type GuardInput } from './guards';
import { documentTitle } from './title';

const anon: Omit<GuardInput, 'path'> = { loggedIn: false, isAdmin: false, maintenanceMode: false };
const user: Omit<GuardInput, 'path'> = { loggedIn: true, isAdmin: false, maintenanceMode: false };
const admin: Omit<GuardInput, 'path'> = { loggedIn: true, isAdmin: true, maintenanceMode: false };

describe('route guard (spec §2)', () => {
  it('logged-out user opening an authenticated page is sent to login and the path is remembered', () => {
    expect(decideRedirect({ ...anon, path: '/bw/bond/ABC123/pricing?x=1' })).toEqual({
      to: '/bw/login',
      remember: '/bw/bond/ABC123/pricing?x=1',
    });
  });

  it('logged-out user opening an admin page is sent to login (admin pages only require login)', () => {
    expect(decideRedirect({ ...anon, path: '/bw/admin/users' })).toEqual({ to: '/bw/login', remember: '/bw/admin/users' });
    expect(decideRedirect({ ...user, path: '/bw/admin/users' })).toBeNull();
  });

  it('error and logout pages are never remembered and need no login', () => {
    expect(decideRedirect({ ...anon, path: '/bw/error' })).toBeNull();
    expect(decideRedirect({ ...anon, path: '/bw/logout' })).toBeNull();
  });

  it('public pages render for logged-out users', () => {
    for (const path of [
      '/bw/login',
      '/bw/signup',
      '/bw/invite/abc',
      '/bw/reset-password/u-1',
      '/bw/unlock',
      '/bw/alerts/disable/c1',
      '/welcome',
    ]) {
      expect(decideRedirect({ ...anon, path })).toBeNull();
    }
  });

  it('logged-in user on a public authentication page is sent onward to the market summary', () => {
    for (const path of ['/bw/login', '/bw/login/e/123456', '/bw/signup', '/bw/reset-password', '/bw/unlock/u-1']) {
      expect(decideRedirect({ ...user, path })).toEqual({ to: '/bw/market/summary' });
    }
  });

  it('after login the remembered path is used once', () => {
    expect(decideRedirect({ ...user, path: '/bw/login', nextLoginPath: '/bw/bond/chart' })).toEqual({
      to: '/bw/bond/chart',
      consumeNextLoginPath: true,
    });
  });

  it('a remembered path that is not an in-app authenticated page is ignored (and consumed)', () => {
    expect(decideRedirect({ ...user, path: '/bw/login', nextLoginPath: 'https://evil.example/' })).toEqual({
      to: '/bw/market/summary',
      consumeNextLoginPath: true,
    });
    expect(afterLoginPath('/bw/login')).toBe('/bw/market/summary');
    expect(afterLoginPath(null)).toBe('/bw/market/summary');
  });

  it('logged-in user on a non-auth public page (alert disable, welcome) stays', () => {
    expect(decideRedirect({ ...user, path: '/bw/alerts/disable/xyz' })).toBeNull();
  });

  it('a logged-in user opening an invitation is sent onward (spec §2): they already have an account', () => {
    expect(decideRedirect({ ...user, path: '/bw/invite/abc' })).toEqual({ to: '/bw/market/summary' });
  });

  it('maintenance mode sends non-admin users to /bw/maintenance from everywhere', () => {
    for (const path of ['/bw/market/summary', '/bw/admin/users', '/bw/signup', '/bw/error', '/no/such/page']) {
      expect(decideRedirect({ ...user, maintenanceMode: true, path })).toEqual({ to: '/bw/maintenance' });
      expect(decideRedirect({ ...anon, maintenanceMode: true, path })).toEqual({ to: '/bw/maintenance' });
    }
  });

  it('maintenance mode still lets anyone reach login and logout (so admins can sign in)', () => {
    expect(decideRedirect({ ...anon, maintenanceMode: true, path: '/bw/login' })).toBeNull();
    expect(decideRedirect({ ...user, maintenanceMode: true, path: '/bw/logout' })).toBeNull();
  });

  it('admins bypass maintenance mode', () => {
    expect(decideRedirect({ ...admin, maintenanceMode: true, path: '/bw/market/summary' })).toBeNull();
    expect(decideRedirect({ ...admin, maintenanceMode: true, path: '/bw/admin/maintenance' })).toBeNull();
  });

  it('the maintenance page sends everyone to the market summary when maintenance is off', () => {
    expect(decideRedirect({ ...user, path: '/bw/maintenance' })).toEqual({ to: '/bw/market/summary' });
    expect(decideRedirect({ ...anon, path: '/bw/maintenance' })).toEqual({ to: '/bw/market/summary' });
  });

  it('the maintenance page stays while maintenance is on', () => {
    expect(decideRedirect({ ...user, maintenanceMode: true, path: '/bw/maintenance' })).toBeNull();
  });

  it('unknown paths resolve to the not-found route and are not redirected', () => {
    expect(findRoute('/bw/nope/nope').path).toBe('*');
    expect(decideRedirect({ ...user, path: '/bw/nope/nope' })).toBeNull();
    expect(decideRedirect({ ...anon, path: '/bw/nope/nope' })).toBeNull();
  });

  it('paths resolve to the right table entries (static beats dynamic, optional segments)', () => {
    expect(findRoute('/bw/admin/compare').title).toBe('Admin: compare bonds');
    expect(findRoute('/bw/admin/1,2,3/compare').path).toBe('/bw/admin/:bondIds/compare');
    expect(findRoute('/bw/market/detail').title).toBe('Market detail');
    expect(findRoute('/bw/market/detail/gSpread/10y/IG').title).toBe('Market detail');
    expect(findRoute('/bw/help/guides').title).toBe('Guides');
    expect(findRoute('/bw/help/getting-started/tables').title).toBe('Help');
    expect(findRoute('/bw/bond/config').title).toBe('Custom bond tables');
    expect(findRoute('/bw/bond/XS123/history').title).toBe('Bond history');
  });

  it('document title is the product name plus the route title', () => {
    expect(documentTitle('Market summary')).toBe('Bondwise | Market summary');
  });
});

describe('admin routes for non-admins', () => {
  it('refuses a logged-in user without the admin scope, not an admin, and leaves other routes alone', () => {
    expect(isRefusedAdminRoute(findRoute('/bw/admin/users'), true, false)).toBe(true);
    expect(isRefusedAdminRoute(findRoute('/bw/admin'), true, false)).toBe(true);
    expect(isRefusedAdminRoute(findRoute('/bw/admin/users'), true, true)).toBe(false);
    expect(isRefusedAdminRoute(findRoute('/bw/market/summary'), true, false)).toBe(false);
    // Logged out, the guard sends the visitor to login first.
    expect(isRefusedAdminRoute(findRoute('/bw/admin/users'), false, false)).toBe(false);
  });
});
