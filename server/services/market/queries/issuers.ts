import { type Kysely, sql } from 'kysely';
import type { IssuerDetailResponse } from '../../../../common/api/issuer';
import type { Database } from '../../../db/schema';
import { marketAsOf, n } from './common';
import { presentBondRow, selectBondRows } from './bondRows';

/** Issuer with sector, parent and its outstanding bonds (bond-table rows); null if unknown. */
export async function issuerDetail(db: Kysely<Database>, id: number): Promise<IssuerDetailResponse | null> {
  const i = await db
    .selectFrom('issuers as i')
    .innerJoin('sectors as ind', 'ind.id', 'i.sector_id')
    .leftJoin('sectors as sec', 'sec.id', 'ind.parent_id')
    .leftJoin('issuers as p', 'p.id', 'i.parent_issuer_id')
    .leftJoin('display_name_overrides as io', (j) => j.onRef('io.subject_id', '=', 'i.id').on('io.subject_type', '=', 'issuer'))
    .leftJoin('display_name_overrides as po', (j) => j.onRef('po.subject_id', '=', 'p.id').on('po.subject_type', '=', 'issuer'))
    .select([
      sql<string>`coalesce(io.display_name, i.display_name)`.as('display_name'),
      sql<string | null>`coalesce(po.display_name, p.display_name)`.as('p_display_name'),
      'i.id',
      'i.name',
      'i.ticker',
      'i.country_of_risk',
      'i.corporate_structure',
      'i.sec_cik',
      'ind.id as ind_id',
      'ind.code as ind_code',
      'ind.name as ind_name',
      'sec.id as sec_id',
      'sec.code as sec_code',
      'sec.name as sec_name',
      'p.id as p_id',
      'p.name as p_name',
      'p.ticker as p_ticker',
    ])
    .where('i.id', '=', id)
    .executeTakeFirst();
  if (!i) return null;
  const { day } = await marketAsOf(db);
  const rows = await selectBondRows(db)
    .where('b.issuer_id', '=', id)
    .where('b.maturity_date', '>', day)
    .orderBy('b.maturity_date')
    .orderBy('b.id')
    .execute();
  const bonds = rows.map((r) => presentBondRow(r, day));
  return {
    id: i.id,
    name: i.name,
    displayName: i.display_name,
    ticker: i.ticker,
    countryOfRisk: i.country_of_risk.trim(),
    corporateStructure: i.corporate_structure,
    secCik: i.sec_cik,
    parent: i.p_id === null ? null : { id: i.p_id, name: i.p_name!, displayName: i.p_display_name!, ticker: i.p_ticker! },
    industry: { id: i.ind_id, code: i.ind_code, name: i.ind_name },
    sector: i.sec_id === null ? null : { id: i.sec_id, code: i.sec_code!, name: i.sec_name! },
    bondCount: bonds.length,
    amountOutstanding: rows.reduce((sum, r) => sum + Number(r.amount_outstanding), 0),
    bonds,
  };
}

export { n };
