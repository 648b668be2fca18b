/** Routes of the route table (web/routes.tsx) open without a login: the public pages and the special ones. */
import * as errorPage from '../../pages/special/ErrorPage';
import * as maintenancePage from '../../pages/special/MaintenancePage';
import type { RouteDef } from '../routeDef';

/** No login; the authentication pages send a logged-in user onward. */
export const PUBLIC_ROUTES: readonly RouteDef[] = [
  { path: '/bw/login', title: 'Login', access: 'public', authPage: true, page: () => import('../../pages/auth/LoginPage') },
  {
    path: '/bw/login/e/:code',
    title: 'Login by e-mailed code',
    access: 'public',
    authPage: true,
    page: () => import('../../pages/auth/LoginByCodePage'),
  },
  { path: '/bw/signup', title: 'Sign up', access: 'public', authPage: true, page: () => import('../../pages/auth/SignupPage') },
  { path: '/bw/signup/:uuid', title: 'Sign up', access: 'public', authPage: true, redirect: '/welcome?uuid=:uuid' },
  // An invitation is an account to create: a logged-in user has one and goes onward (spec §2).
  {
    path: '/bw/invite/:inviteCode',
    title: 'Invitation',
    access: 'public',
    authPage: true,
    page: () => import('../../pages/auth/InvitePage'),
  },
  {
    path: '/bw/reset-password',
    title: 'Reset password',
    access: 'public',
    authPage: true,
    page: () => import('../../pages/auth/ResetPasswordPage'),
  },
  {
    path: '/bw/reset-password/:uuid',
    title: 'Choose a new password',
    access: 'public',
    authPage: true,
    page: () => import('../../pages/auth/ResetPasswordPage'),
  },
  { path: '/bw/unlock', title: 'Unlock account', access: 'public', authPage: true, page: () => import('../../pages/auth/UnlockPage') },
  {
    path: '/bw/unlock/:uuid',
    title: 'Unlock account',
    access: 'public',
    authPage: true,
    page: () => import('../../pages/auth/UnlockPage'),
  },
  {
    path: '/bw/alerts/disable/:disableCode',
    title: 'Disable alerts',
    access: 'public',
    page: () => import('../../pages/alerts/DisablePage'),
  },
  { path: '/welcome', title: 'Welcome', access: 'public', page: () => import('../../pages/auth/WelcomePage') },
];

/** Redirects, logout, maintenance and the error page. */
export const SPECIAL_ROUTES: readonly RouteDef[] = [
  { path: '/', title: 'Login', access: 'special', redirect: '/bw/login' },
  { path: '/bw', title: 'Market summary', access: 'special', redirect: '/bw/market/summary' },
  { path: '/bw/logout', title: 'Logout', access: 'special', page: () => import('../../pages/special/LogoutPage'), menu: 'account' },
  // The pages shown when the server cannot be reached come with the start-up bundle: by then no
  // page's chunk can be fetched.
  { path: '/bw/maintenance', title: 'Maintenance', access: 'special', page: async () => maintenancePage },
  { path: '/bw/error', title: 'Error', access: 'special', page: async () => errorPage },
];
