import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The issuer with the most fixed-coupon bonds (ties: the lowest id): its own curve gives fair values. */
export async function issuerWithMostFixedBonds(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('bonds')
    .select(['issuer_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('coupon_type', '=', 'fixed')
    .groupBy('issuer_id')
    .orderBy('n', 'desc')
    .orderBy('issuer_id')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.issuer_id;
}
