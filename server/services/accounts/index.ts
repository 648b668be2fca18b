/**
 * What other areas use from accounts:
 * - `requireFeature('sparklines')` — preHandler: 401 anonymous, 403 when the feature is not usable
 *   for the caller on this host (level 2 on production hosts, 1+ elsewhere).
 * - `requireActiveSubscription` — preHandler for market data: 401 anonymous, 402 when the trial ended.
 * - `registerStatusBadgeProvider(fn)` — add a section to GET /v2/user/{id}/status-badges.
 * - `enqueueEmail(trx, renderEmail(config, …))` — transactional e-mail through the outbox.
 */
export { effectiveFeatureLevels, isProductionHost, requireFeature } from './features';
export { appLink, enqueueEmail, renderEmail } from './mail';
export { requireActiveSubscription, trialOf } from './trial';
export { registerStatusBadgeProvider, type StatusBadgeProvider } from './users';
