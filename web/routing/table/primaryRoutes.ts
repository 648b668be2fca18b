/** Routes of the route table (web/routes.tsx): the primary market. */
import type { RouteDef } from '../routeDef';

/** New issues, the new-issue calculator and deals, messages and pricing sheets. */
export const PRIMARY_ROUTES: readonly RouteDef[] = [
  {
    path: '/bw/primary/new-issues',
    title: 'New issues',
    access: 'user',
    menu: 'primary',
    page: () => import('../../pages/primary/NewIssuesPage'),
  },
  {
    path: '/bw/primary/new-issue-volume',
    title: 'New-issue volume',
    access: 'user',
    menu: 'primary',
    page: () => import('../../pages/primary/NewIssueVolumePage'),
  },
  {
    path: '/bw/primary/pricing',
    title: 'New-issue calculator',
    access: 'user',
    menu: 'primary',
    page: () => import('../../pages/primary/CalculatorPage'),
  },
  { path: '/bw/primary/pricing/:dealId', title: 'Deal', access: 'user', page: () => import('../../pages/primary/DealPage') },
  {
    path: '/bw/primary/messages',
    title: 'Messages',
    access: 'user',
    menu: 'primary',
    page: () => import('../../pages/primary/messages/InboxPage'),
  },
  {
    path: '/bw/primary/pricing-sheet/:id?',
    title: 'Pricing sheet',
    access: 'user',
    menu: 'primary',
    page: () => import('../../pages/primary/PricingSheetPage'),
  },
];
