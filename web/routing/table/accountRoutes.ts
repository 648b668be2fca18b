/** Routes of the route table (web/routes.tsx): the signed-in user's own things. */
import type { RouteDef } from '../routeDef';

/** Profile, alert subscriptions and history, and items shared with or by the user. */
export const ACCOUNT_ROUTES: readonly RouteDef[] = [
  { path: '/bw/profile', title: 'Profile', access: 'user', menu: 'account', page: () => import('../../pages/profile/ProfilePage') },
  {
    path: '/bw/alerts/subscriptions',
    title: 'Alert subscriptions',
    access: 'user',
    menu: 'alerts',
    page: () => import('../../pages/alerts/SubscriptionsPage'),
  },
  {
    path: '/bw/alerts/history',
    title: 'Alert history',
    access: 'user',
    menu: 'alerts',
    page: () => import('../../pages/alerts/HistoryPage'),
  },
  { path: '/bw/share/accept/:uuid', title: 'Accept share', access: 'user', page: () => import('../../pages/share/ShareAcceptPage') },
  {
    path: '/bw/share/manage',
    title: 'Shared items',
    access: 'user',
    menu: 'account',
    page: () => import('../../pages/share/ShareManagePage'),
  },
];
