/**
 * The admins' display-name overrides (displayNames.ts) as SQL, for the queries that name issuers
 * outside the bond-table row source and issuer search, which join the overrides themselves: deal
 * pages, the new-issue calendar and the calculator / pricing sheets. One expression, so every
 * screen names an issuer the same way.
 */
import { type RawBuilder, sql } from 'kysely';

/** The issuer `alias` (a row of `issuers`) as tables name it: its override, else its display name. */
export function issuerDisplayName(alias: string): RawBuilder<string> {
  return sql<string>`coalesce((select o.display_name from display_name_overrides o
    where o.subject_type = 'issuer' and o.subject_id = ${sql.ref(`${alias}.id`)}), ${sql.ref(`${alias}.display_name`)})`;
}
