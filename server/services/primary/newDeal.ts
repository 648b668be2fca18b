/**
 * A calculation turned into a deal: announced now, with the calculation's tranches (tenor and
 * size), owned by the banker who made it and seen by them and their organisation only (the
 * calendar, weekly record and deal page filter by owner; deals.ts). What the calculator said —
 * fair value, concession, suggested IPT — is kept in the deal's first timeline step, so the deal
 * page and an audit can tell where its levels came from.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { NewDealResponse, newDealRequestSchema } from '../../../common/api/newIssueCalculator';
import type { Database } from '../../db/schema';
import { CalculatorInputError, newIssueCalculation } from './calculator';
import { recordDealAnnounced } from './dealEvents';
import type { DealViewer } from './deals';

type NewDealInput = z.output<typeof newDealRequestSchema>;

export async function createDealFromCalculation(
  db: Kysely<Database>,
  input: NewDealInput,
  owner: DealViewer,
  now: Date,
): Promise<NewDealResponse> {
  const { calculation } = input;
  if (calculation.issuerId === undefined) {
    throw new CalculatorInputError('calculation.issuerId', 'a deal needs an existing issuer; a hypothetical one cannot be announced');
  }
  calculation.tranches.forEach((t, i) => {
    if (!Number.isInteger(t.tenorYears))
      throw new CalculatorInputError(`calculation.tranches.${i}.tenorYears`, 'a deal tranche is a whole number of years');
  });
  // The calculation's own errors name its fields from inside the `calculation` object.
  const answer = await newIssueCalculation(db, calculation, now).catch((err: unknown) => {
    throw err instanceof CalculatorInputError ? new CalculatorInputError(`calculation.${err.field}`, err.reason) : err;
  });
  return db.transaction().execute(async (trx) => {
    const deal = await trx
      .insertInto('deals')
      .values({
        issuer_id: calculation.issuerId!,
        status: 'announced',
        announced_at: now,
        bookrunners: JSON.stringify(input.bookrunners),
        use_of_proceeds: input.useOfProceeds ?? null,
        created_by: owner.userId,
        organization_id: owner.organizationId,
        source: 'calculator',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('deal_tranches')
      .values(answer.tranches.map((t) => ({ deal_id: deal.id, tenor_years: t.tenorYears, size: t.sizeMm * 1e6 })))
      .execute();
    await trx
      .insertInto('deal_status_history')
      .values({
        deal_id: deal.id,
        status: 'announced',
        at: now,
        details: JSON.stringify({
          source: 'new-issue calculator',
          createdBy: owner.userId,
          curveDay: answer.curveDay,
          tranches: answer.tranches.map((t) => ({
            tenorYears: t.tenorYears,
            sizeMm: t.sizeMm,
            fairValueBp: t.fairValue.spreadBp,
            concessionBp: t.concession.expectedBp,
            iptSpreadBp: t.iptSpreadBp,
            reofferSpreadBp: t.reofferSpreadBp,
            reofferYield: t.reofferYield,
            coupon: t.coupon.value,
          })),
        }),
      })
      .execute();
    await recordDealAnnounced(trx, deal.id, now, owner.userId);
    return { id: deal.id };
  });
}
