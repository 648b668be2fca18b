/**
 * What other areas use from accounts:
 * - Routes declare `config: { access, feature, subscription }` (server/plugins/access.ts) instead of
 *   calling guards; `requireActiveSubscription` is what the access hook runs for `subscription`.
 * - `registerStatusBadgeProvider(fn)` — add a section to GET /v2/user/{id}/status-badges.
 * - `enqueueEmail(trx, renderEmail(config, …))` — transactional e-mail through the outbox.
 */
export { effectiveFeatureLevels, isProductionHost } from './features';
export { appLink, enqueueEmail, renderEmail } from './mail';
export { requireActiveSubscription, trialOf } from './trial';
export { registerStatusBadgeProvider, type StatusBadgeProvider } from './users';
