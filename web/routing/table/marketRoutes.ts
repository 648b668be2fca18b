/** Routes of the route table (web/routes.tsx): the market and secondary-market pages. */
import type { RouteDef } from '../routeDef';

/** The market overview, sectors and term structure, then the bond tables, history and one bond's pages. */
export const MARKET_ROUTES: readonly RouteDef[] = [
  {
    path: '/bw/market/summary',
    title: 'Market summary',
    access: 'user',
    menu: 'market',
    page: () => import('../../pages/market/MarketSummaryPage'),
  },
  {
    path: '/bw/market/detail/:metric?/:tenor?/:segment?',
    title: 'Market detail',
    access: 'user',
    menu: 'market',
    page: () => import('../../pages/market/MarketDetailPage'),
  },
  {
    path: '/bw/market/accuracy',
    title: 'Pricing accuracy',
    access: 'user',
    menu: 'market',
    page: () => import('../../pages/market/AccuracyPage'),
  },
  {
    path: '/bw/sector/overview',
    title: 'Sector overview',
    access: 'user',
    menu: 'market',
    page: () => import('../../pages/sector/SectorOverviewPage'),
  },
  {
    path: '/bw/term-structure-change',
    title: 'Term structure change',
    access: 'user',
    menu: 'market',
    page: () => import('../../pages/term-structure/TermStructureChangePage'),
  },
  { path: '/bw/bond', title: 'Bond table', access: 'user', menu: 'secondary', page: () => import('../../pages/bond/BondTablePage') },
  {
    path: '/bw/bond/config',
    title: 'Custom bond tables',
    access: 'user',
    menu: 'secondary',
    page: () => import('../../pages/bond/config/BondTablesPage'),
  },
  {
    path: '/bw/bond/config/:uuid',
    title: 'Custom bond table',
    access: 'user',
    page: () => import('../../pages/bond/config/CustomBondTablePage'),
  },
  {
    path: '/bw/bond/chart',
    title: 'Bond market moves',
    access: 'user',
    menu: 'secondary',
    page: () => import('../../pages/bond/moves/BondMovesPage'),
  },
  { path: '/bw/history', title: 'History', access: 'user', menu: 'secondary', page: () => import('../../pages/history/HistoryPage') },
  {
    path: '/bw/bond/:bondId/pricing',
    title: 'Bond pricing',
    access: 'user',
    page: () => import('../../pages/bond/pricing/BondPricingPage'),
  },
  { path: '/bw/bond/:bondId/history', title: 'Bond history', access: 'user', page: () => import('../../pages/history/BondHistoryPage') },
  {
    path: '/bw/bond/:bondId/cashflow',
    title: 'Bond cash flow',
    access: 'user',
    page: () => import('../../pages/bond/cashflow/BondCashflowPage'),
  },
];
