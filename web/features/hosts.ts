/**
 * Production hosts (spec §9: "the main domain and a dev domain"). On these hosts a feature is
 * usable only at level 2; everywhere else (localhost, staging, e2e) at level 1 or more.
 * Override at build time with VITE_PRODUCTION_HOSTS="a.example,b.example".
 */
export const DEFAULT_PRODUCTION_HOSTS: readonly string[] = ['bondwise.com', 'dev.bondwise.com'];

function configuredHosts(): readonly string[] {
  const raw = import.meta.env.VITE_PRODUCTION_HOSTS as string | undefined;
  if (!raw) return DEFAULT_PRODUCTION_HOSTS;
  return raw
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

export const PRODUCTION_HOSTS: readonly string[] = configuredHosts();

/** True when `hostname` (default: the current page's) is a production host. */
export function isProductionHost(
  hostname: string = typeof location === 'undefined' ? '' : location.hostname,
  hosts: readonly string[] = PRODUCTION_HOSTS,
): boolean {
  return hosts.includes(hostname.toLowerCase());
}
