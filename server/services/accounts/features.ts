import { FEATURE_NAMES, type FeatureLevel, type FeatureName, isFeatureUsable } from '@common/features';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';

/**
 * Global levels when an admin has set none: everything on (2) except the third-party
 * integrations (support widget, product analytics), which an operator switches on deliberately.
 */
export const DEFAULT_GLOBAL_LEVELS: Record<FeatureName, FeatureLevel> = Object.fromEntries(
  FEATURE_NAMES.map((name) => [name, name === 'intercom' || name === 'mixpanel' ? 0 : 2]),
) as Record<FeatureName, FeatureLevel>;

/** Effective level of every feature for a user: global, then organisation, then user override. */
export async function effectiveFeatureLevels(
  db: Kysely<Database>,
  who: { userId: string; organizationId: string | null },
): Promise<Record<FeatureName, FeatureLevel>> {
  const rows = await db
    .selectFrom('feature_levels')
    .select(['scope', 'scope_id', 'feature', 'level'])
    .where((eb) =>
      eb.or([
        eb('scope', '=', 'global'),
        eb.and([eb('scope', '=', 'user'), eb('scope_id', '=', who.userId)]),
        ...(who.organizationId ? [eb.and([eb('scope', '=', 'organization'), eb('scope_id', '=', who.organizationId)])] : []),
      ]),
    )
    .execute();
  const levels = { ...DEFAULT_GLOBAL_LEVELS };
  for (const scope of ['global', 'organization', 'user']) {
    for (const row of rows) {
      if (row.scope === scope && (FEATURE_NAMES as readonly string[]).includes(row.feature)) {
        levels[row.feature as FeatureName] = row.level as FeatureLevel;
      }
    }
  }
  return levels;
}

/**
 * True when this deployment serves a production host: PUBLIC_URL's host is one of
 * PRODUCTION_HOSTS. Decided by configuration, never by the request's Host or X-Forwarded-Host,
 * which a client chooses.
 */
export function isProductionHost(config: Pick<Config, 'publicUrl' | 'productionHosts'>): boolean {
  const name = new URL(config.publicUrl).hostname.toLowerCase();
  return config.productionHosts.some((h) => h.toLowerCase() === name);
}

/** Names of the features usable by a user on the host that was called (spec §4 Features). */
export function usableFeatures(levels: Record<FeatureName, FeatureLevel>, onProductionHost: boolean): FeatureName[] {
  return FEATURE_NAMES.filter((name) => isFeatureUsable(levels[name], onProductionHost));
}

/**
 * The features a user may use on this deployment, read outside a request — by background work
 * acting for them (market hawk's firings). Requests read `callerFeatures` (a few seconds' cache).
 * No such user: none.
 */
export async function featuresOfUser(db: Kysely<Database>, config: Config, userId: string): Promise<ReadonlySet<FeatureName>> {
  const user = await db.selectFrom('users').select(['id', 'organization_id']).where('id', '=', userId).executeTakeFirst();
  if (!user) return new Set();
  const levels = await effectiveFeatureLevels(db, { userId: user.id, organizationId: user.organization_id });
  return new Set(usableFeatures(levels, isProductionHost(config)));
}
