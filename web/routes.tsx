/**
 * THE route table (spec §2): every route of the product with its title, access and menu place.
 * Routers, guards, menus and document titles are all derived from this one list.
 *
 * To build a feature, give its route a `page` (a lazy import of a module whose default export is
 * the page component). A route without `page` shows its title and a "not available yet" panel
 * inside the real layout.
 */
import type { ComponentType } from 'react';
import { BLOG_PATHS } from '@common/api/blogPaths';

/** public: no login; special: redirects/logout/maintenance/error; user: login; admin: login + admin menu. */
export type RouteAccess = 'public' | 'special' | 'user' | 'admin';

/** Top-level menu areas of the header navigation. */
export type MenuArea = 'market' | 'secondary' | 'primary' | 'alerts' | 'help' | 'blog' | 'admin' | 'account';

export type PageModule = { default: ComponentType };

export interface RouteDef {
  /** React Router path (`:param`, `:param?` optional, `*` splat). */
  path: string;
  /** Route title; document.title is "Bondwise | {title}". */
  title: string;
  access: RouteAccess;
  /** A public authentication page: logged-in users are sent onward (spec §2). */
  authPage?: boolean;
  /** Redirect target; `:param`s of the path are substituted. */
  redirect?: string;
  /** Lazily loaded page; absent means "not available yet". */
  page?: () => Promise<PageModule>;
  /** Header menu where this route is listed (parameterless routes only). */
  menu?: MenuArea;
  /**
   * API paths the page reads first. When the app opens on this route they are requested with the
   * session's start-up requests instead of after them (routing/prefetch.ts): for pages opened
   * from a shared link, where that round trip is on the way to the first paint.
   */
  prefetch?: (params: Record<string, string>) => string[];
  /**
   * The page may render before the session's user info (features) is in: it asks the server,
   * which decides the feature by answering or refusing, and shows "not available" only once the
   * features are known or the server refused (session/SessionGate.tsx). Consent to the terms is
   * still checked first.
   */
  beforeUserInfo?: boolean;
}

/** Paths the shell itself relies on. */
export const PATHS = {
  root: '/',
  bw: '/bw',
  login: '/bw/login',
  logout: '/bw/logout',
  maintenance: '/bw/maintenance',
  error: '/bw/error',
  marketSummary: '/bw/market/summary',
  welcome: '/welcome',
  notFound: '*',
} as const;

const notFound = () => import('./pages/special/NotFoundPage');

export const ROUTES: readonly RouteDef[] = [
  // ---- public --------------------------------------------------------------------------
  { path: '/bw/login', title: 'Login', access: 'public', authPage: true, page: () => import('./pages/auth/LoginPage') },
  {
    path: '/bw/login/e/:code',
    title: 'Login by e-mailed code',
    access: 'public',
    authPage: true,
    page: () => import('./pages/auth/LoginByCodePage'),
  },
  { path: '/bw/signup', title: 'Sign up', access: 'public', authPage: true, page: () => import('./pages/auth/SignupPage') },
  { path: '/bw/signup/:uuid', title: 'Sign up', access: 'public', authPage: true, redirect: '/welcome?uuid=:uuid' },
  { path: '/bw/invite/:inviteCode', title: 'Invitation', access: 'public', page: () => import('./pages/auth/InvitePage') },
  {
    path: '/bw/reset-password',
    title: 'Reset password',
    access: 'public',
    authPage: true,
    page: () => import('./pages/auth/ResetPasswordPage'),
  },
  {
    path: '/bw/reset-password/:uuid',
    title: 'Choose a new password',
    access: 'public',
    authPage: true,
    page: () => import('./pages/auth/ResetPasswordPage'),
  },
  { path: '/bw/unlock', title: 'Unlock account', access: 'public', authPage: true, page: () => import('./pages/auth/UnlockPage') },
  { path: '/bw/unlock/:uuid', title: 'Unlock account', access: 'public', authPage: true, page: () => import('./pages/auth/UnlockPage') },
  { path: '/bw/alerts/disable/:disableCode', title: 'Disable alerts', access: 'public', page: () => import('./pages/alerts/DisablePage') },
  { path: '/welcome', title: 'Welcome', access: 'public', page: () => import('./pages/auth/WelcomePage') },

  // ---- special -------------------------------------------------------------------------
  { path: '/', title: 'Login', access: 'special', redirect: '/bw/login' },
  { path: '/bw', title: 'Market summary', access: 'special', redirect: '/bw/market/summary' },
  { path: '/bw/logout', title: 'Logout', access: 'special', page: () => import('./pages/special/LogoutPage'), menu: 'account' },
  { path: '/bw/maintenance', title: 'Maintenance', access: 'special', page: () => import('./pages/special/MaintenancePage') },
  { path: '/bw/error', title: 'Error', access: 'special', page: () => import('./pages/special/ErrorPage') },

  // ---- authenticated -------------------------------------------------------------------
  {
    path: '/bw/market/summary',
    title: 'Market summary',
    access: 'user',
    menu: 'market',
    page: () => import('./pages/market/MarketSummaryPage'),
  },
  {
    path: '/bw/market/detail/:metric?/:tenor?/:segment?',
    title: 'Market detail',
    access: 'user',
    menu: 'market',
    page: () => import('./pages/market/MarketDetailPage'),
  },
  {
    path: '/bw/market/accuracy',
    title: 'Pricing accuracy',
    access: 'user',
    menu: 'market',
    page: () => import('./pages/market/AccuracyPage'),
  },
  {
    path: '/bw/sector/overview',
    title: 'Sector overview',
    access: 'user',
    menu: 'market',
    page: () => import('./pages/sector/SectorOverviewPage'),
  },
  {
    path: '/bw/term-structure-change',
    title: 'Term structure change',
    access: 'user',
    menu: 'market',
    page: () => import('./pages/term-structure/TermStructureChangePage'),
  },
  { path: '/bw/bond', title: 'Bond table', access: 'user', menu: 'secondary', page: () => import('./pages/bond/BondTablePage') },
  {
    path: '/bw/bond/config',
    title: 'Custom bond tables',
    access: 'user',
    menu: 'secondary',
    page: () => import('./pages/bond/config/BondTablesPage'),
  },
  {
    path: '/bw/bond/config/:uuid',
    title: 'Custom bond table',
    access: 'user',
    page: () => import('./pages/bond/config/CustomBondTablePage'),
  },
  {
    path: '/bw/bond/chart',
    title: 'Bond market moves',
    access: 'user',
    menu: 'secondary',
    page: () => import('./pages/bond/moves/BondMovesPage'),
  },
  { path: '/bw/history', title: 'History', access: 'user', menu: 'secondary', page: () => import('./pages/history/HistoryPage') },
  { path: '/bw/bond/:bondId/pricing', title: 'Bond pricing', access: 'user', page: () => import('./pages/bond/pricing/BondPricingPage') },
  { path: '/bw/bond/:bondId/history', title: 'Bond history', access: 'user', page: () => import('./pages/history/BondHistoryPage') },
  {
    path: '/bw/bond/:bondId/cashflow',
    title: 'Bond cash flow',
    access: 'user',
    page: () => import('./pages/bond/cashflow/BondCashflowPage'),
  },
  {
    path: '/bw/primary/new-issues',
    title: 'New issues',
    access: 'user',
    menu: 'primary',
    page: () => import('./pages/primary/NewIssuesPage'),
  },
  {
    path: '/bw/primary/new-issue-volume',
    title: 'New-issue volume',
    access: 'user',
    menu: 'primary',
    page: () => import('./pages/primary/NewIssueVolumePage'),
  },
  {
    path: '/bw/primary/pricing',
    title: 'New-issue calculator',
    access: 'user',
    menu: 'primary',
    page: () => import('./pages/primary/CalculatorPage'),
  },
  { path: '/bw/primary/pricing/:dealId', title: 'Deal', access: 'user', page: () => import('./pages/primary/DealPage') },
  {
    path: '/bw/primary/messages',
    title: 'Messages',
    access: 'user',
    menu: 'primary',
    page: () => import('./pages/primary/messages/InboxPage'),
  },
  {
    path: '/bw/primary/pricing-sheet/:id?',
    title: 'Pricing sheet',
    access: 'user',
    menu: 'primary',
    page: () => import('./pages/primary/PricingSheetPage'),
  },
  { path: '/bw/profile', title: 'Profile', access: 'user', menu: 'account', page: () => import('./pages/profile/ProfilePage') },
  { path: '/bw/help/guides', title: 'Guides', access: 'user', menu: 'help', page: () => import('./pages/help/GuidesPage') },
  { path: '/bw/help/workflows', title: 'Workflows', access: 'user', menu: 'help', page: () => import('./pages/help/WorkflowsPage') },
  { path: '/bw/help/*', title: 'Help', access: 'user', page: () => import('./pages/help/HelpArticlePage') },
  { path: '/bw/blog', title: 'Blog', access: 'user', menu: 'blog', page: () => import('./pages/blog/BlogPage') },
  {
    path: '/bw/blog/post/:postSlug',
    title: 'Blog post',
    access: 'user',
    page: () => import('./pages/blog/BlogPostPage'),
    prefetch: (p) => [BLOG_PATHS.post(p.postSlug ?? '')],
    beforeUserInfo: true,
  },
  {
    path: '/bw/alerts/subscriptions',
    title: 'Alert subscriptions',
    access: 'user',
    menu: 'alerts',
    page: () => import('./pages/alerts/SubscriptionsPage'),
  },
  { path: '/bw/alerts/history', title: 'Alert history', access: 'user', menu: 'alerts', page: () => import('./pages/alerts/HistoryPage') },
  { path: '/bw/share/accept/:uuid', title: 'Accept share', access: 'user', page: () => import('./pages/share/ShareAcceptPage') },
  {
    path: '/bw/share/manage',
    title: 'Shared items',
    access: 'user',
    menu: 'account',
    page: () => import('./pages/share/ShareManagePage'),
  },

  // ---- admin (28 pages: the index plus the 27 of §2) -----------------------------------
  { path: '/bw/admin', title: 'Admin', access: 'admin', page: () => import('./pages/admin/AdminIndexPage') },
  {
    path: '/bw/admin/upload',
    title: 'Admin: data upload',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/AdminUploadPage'),
  },
  {
    path: '/bw/admin/curve',
    title: 'Admin: curves',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/curve/AdminCurvePage'),
  },
  {
    path: '/bw/admin/users',
    title: 'Admin: users',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/users/AdminUsersPage'),
  },
  {
    path: '/bw/admin/users/domains',
    title: 'Admin: user domains',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/users/AdminDomainsPage'),
  },
  {
    path: '/bw/admin/users/onboarding',
    title: 'Admin: onboarding',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/users/AdminOnboardingPage'),
  },
  {
    path: '/bw/admin/organizations',
    title: 'Admin: organizations',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/AdminOrganizationsPage'),
  },
  {
    path: '/bw/admin/trial',
    title: 'Admin: trials',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/AdminTrialPage'),
  },
  {
    path: '/bw/admin/issuers',
    title: 'Admin: issuers',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/reference/AdminIssuersPage'),
  },
  {
    path: '/bw/admin/issuer/:issuerId',
    title: 'Admin: issuer',
    access: 'admin',
    page: () => import('./pages/admin/reference/AdminIssuerPage'),
  },
  {
    path: '/bw/admin/display-name',
    title: 'Admin: display names',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/reference/AdminDisplayNamePage'),
  },
  {
    path: '/bw/admin/sectors',
    title: 'Admin: sectors',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/reference/AdminSectorsPage'),
  },
  { path: '/bw/admin/bond/:bondId', title: 'Admin: bond', access: 'admin', page: () => import('./pages/admin/bond/AdminBondPage') },
  {
    path: '/bw/admin/compare',
    title: 'Admin: compare bonds',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/compare/AdminComparePage'),
  },
  {
    path: '/bw/admin/:bondIds/compare',
    title: 'Admin: compare bonds',
    access: 'admin',
    page: () => import('./pages/admin/compare/AdminComparePage'),
  },
  {
    path: '/bw/admin/trades-missing-bonds',
    title: 'Admin: trades missing bonds',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/tradesMissingBonds/TradesMissingBondsPage'),
  },
  {
    path: '/bw/admin/recent',
    title: 'Admin: recent',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/AdminRecentPage'),
  },
  {
    path: '/bw/admin/review',
    title: 'Admin: review',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/reference/AdminReviewPage'),
  },
  {
    path: '/bw/admin/migration',
    title: 'Admin: migration',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/system/AdminMigrationPage'),
  },
  {
    path: '/bw/admin/edgar',
    title: 'Admin: EDGAR',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/edgar/AdminEdgarPage'),
  },
  {
    path: '/bw/admin/edgar/:edgarId',
    title: 'Admin: EDGAR filing',
    access: 'admin',
    page: () => import('./pages/admin/edgar/AdminFilingPage'),
  },
  {
    path: '/bw/admin/deal',
    title: 'Admin: deals',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/deal/AdminDealsPage'),
  },
  { path: '/bw/admin/deal/:dealId', title: 'Admin: deal', access: 'admin', page: () => import('./pages/admin/deal/AdminDealPage') },
  {
    path: '/bw/admin/platform-commentary',
    title: 'Admin: platform commentary',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/AdminCommentaryPage'),
  },
  { path: '/bw/admin/media', title: 'Admin: media', access: 'admin', menu: 'admin', page: () => import('./pages/admin/AdminMediaPage') },
  {
    path: '/bw/admin/maintenance',
    title: 'Admin: maintenance',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/AdminMaintenancePage'),
  },
  {
    path: '/bw/admin/hawk/user-stats',
    title: 'Admin: market hawk user stats',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/hawk/HawkUserStatsPage'),
  },
  {
    path: '/bw/admin/usage',
    title: 'Admin: usage',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/usage/AdminUsagePage'),
  },
  {
    path: '/bw/admin/errors',
    title: 'Admin: errors',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/errors/AdminErrorsPage'),
  },
  {
    path: '/bw/admin/support',
    title: 'Admin: support requests',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/support/AdminSupportPage'),
  },
  {
    path: '/bw/admin/audit-log',
    title: 'Admin: audit log',
    access: 'admin',
    menu: 'admin',
    page: () => import('./pages/admin/AuditLogPage'),
  },

  // ---- anything else -------------------------------------------------------------------
  { path: '*', title: 'Not found', access: 'special', page: notFound },
];

/** Menu labels in header order. */
export const MENU_AREAS: ReadonlyArray<{ area: MenuArea; label: string; adminOnly?: boolean }> = [
  { area: 'market', label: 'Market' },
  { area: 'secondary', label: 'Secondary' },
  { area: 'primary', label: 'Primary' },
  { area: 'alerts', label: 'Alerts' },
  { area: 'help', label: 'Help' },
  { area: 'blog', label: 'Blog' },
  { area: 'admin', label: 'Admin', adminOnly: true },
];

/** Menu entry path: optional segments dropped (`/bw/market/detail/:metric?` → `/bw/market/detail`). */
export function menuPath(route: RouteDef): string {
  return route.path.replace(/\/:[^/]+\?/g, '');
}

/** Routes listed in a menu area, in table order. */
export function menuRoutes(area: MenuArea): RouteDef[] {
  return ROUTES.filter((r) => r.menu === area);
}
