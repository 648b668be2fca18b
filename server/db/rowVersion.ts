import { sql } from 'kysely';

/**
 * The stamp a row's `updated_at` takes when change detection compares it rather than anyone
 * reading it as the time of an edit: bonds, issuers and Treasury curve points, whose
 * max(updated_at) the market version, the bond-table snapshot and the pricing terms cache watch.
 * It is the database's clock_timestamp(), later than every earlier write, not the app's time: a
 * test's clock may sit in the past, and a stamp earlier than the last one seen would go unnoticed.
 */
export const rowVersionStamp = sql<Date>`clock_timestamp()`;
