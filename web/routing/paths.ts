/**
 * Paths the shell itself relies on, apart from the route table (routes.tsx) so that the pages the
 * table loads at start-up (maintenance, error) can name them without loading the table back.
 */
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
