/**
 * What other areas use from accounts:
 * - Routes declare `config: { access, feature, subscription }` (server/plugins/access.ts) instead of
 *   calling guards; `trialOfUser` is what the access hook reads for `subscription`.
 * - `registerStatusBadgeProvider(fn)` — add a section to GET /v2/user/{id}/status-badges.
 * - `enqueueEmail(trx, renderEmail(config, …))` — transactional e-mail through the outbox.
 */
export { effectiveFeatureLevels, isProductionHost } from './features';
export { appLink, enqueueEmail, renderEmail } from './mail';
export { trialOf, trialOfUser } from './trial';
export { registerStatusBadgeProvider, type StatusBadgeProvider } from './users';
