/**
 * Merging a duplicate issuer into the one that stays: in one transaction, with both versions
 * checked, the duplicate's bonds and deals move to the survivor, its subsidiaries take the
 * survivor as parent, its display-name override goes, and it is deleted; audited with the
 * duplicate's row as it was and what moved. Market hawk rules on the duplicate move to the survivor. The moved bonds' `updated_at` moves too, so the
 * bond-table snapshot and the pricing service's term cache re-read them.
 */
import { type Kysely, sql } from 'kysely';
import type { AdminIssuerMergeResponse } from '../../../common/api/adminIssuers';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { moveIssuerSubscriptions } from '../hawk/subscriptions';
import { ServiceRefusal, unknownIssuer } from '../refusal';
import { bodyRefusal } from '../../../common/api/shared';
import { type AdminActor, checkVersion } from './common';
import { rowVersionStamp } from '../../db/rowVersion';

export async function mergeIssuers(
  db: Kysely<Database>,
  actor: AdminActor,
  survivorId: number,
  body: { duplicateId: number; version: number; duplicateVersion: number },
  now: Date,
): Promise<AdminIssuerMergeResponse> {
  const duplicateId = body.duplicateId;
  if (duplicateId === survivorId)
    throw new ServiceRefusal('invalid', bodyRefusal('duplicateId', 'must be another issuer: an issuer cannot be merged into itself'));
  return db.transaction().execute(async (trx) => {
    // Both rows locked in id order, so two merges of the same pair cannot deadlock.
    const rows = await trx
      .selectFrom('issuers')
      .selectAll()
      .where('id', 'in', [survivorId, duplicateId])
      .orderBy('id')
      .forUpdate()
      .execute();
    const survivor = rows.find((r) => r.id === survivorId);
    const duplicate = rows.find((r) => r.id === duplicateId);
    if (!survivor) throw new ServiceRefusal('not found', `There is no issuer ${survivorId}.`);
    if (!duplicate) throw new ServiceRefusal('invalid', bodyRefusal('duplicateId', unknownIssuer(duplicateId)));
    checkVersion('issuer', body.version, survivor.version);
    if (body.duplicateVersion !== duplicate.version)
      throw new ServiceRefusal(
        'conflict',
        `The duplicate was changed by someone else since you opened it (version ${body.duplicateVersion}, now ${duplicate.version}): reload and try again.`,
      );
    const bonds = await trx
      .updateTable('bonds')
      .set({ issuer_id: survivorId, updated_at: rowVersionStamp })
      .where('issuer_id', '=', duplicateId)
      .returning('id')
      .execute();
    const deals = await trx
      .updateTable('deals')
      .set({ issuer_id: survivorId, updated_at: now })
      .where('issuer_id', '=', duplicateId)
      .returning('id')
      .execute();
    // Market hawk rules on the duplicate follow its bonds.
    const hawkRules = await moveIssuerSubscriptions(trx, duplicateId, survivorId);
    // The survivor was the duplicate's subsidiary: it takes the duplicate's own parent.
    const survivorParent = survivor.parent_issuer_id === duplicateId ? duplicate.parent_issuer_id : survivor.parent_issuer_id;
    const subsidiaries = await trx
      .updateTable('issuers')
      .set({ parent_issuer_id: survivorId, version: sql`version + 1`, updated_at: rowVersionStamp })
      .where('parent_issuer_id', '=', duplicateId)
      .where('id', '<>', survivorId)
      .returning('id')
      .execute();
    const override = await trx
      .deleteFrom('display_name_overrides')
      .where('subject_type', '=', 'issuer')
      .where('subject_id', '=', duplicateId)
      .returning('display_name')
      .executeTakeFirst();
    await trx.deleteFrom('issuers').where('id', '=', duplicateId).execute();
    await trx
      .updateTable('issuers')
      .set({ parent_issuer_id: survivorParent, version: survivor.version + 1, updated_at: rowVersionStamp })
      .where('id', '=', survivorId)
      .execute();
    const moved = { bonds: bonds.map((b) => b.id), deals: deals.map((d) => d.id), subsidiaries: subsidiaries.map((s) => s.id), hawkRules };
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: 'issuer.merge',
      targetType: 'issuer',
      targetId: String(survivorId),
      details: {
        before: {
          duplicate: {
            id: duplicate.id,
            name: duplicate.name,
            displayName: duplicate.display_name,
            ticker: duplicate.ticker,
            sectorId: duplicate.sector_id,
            countryOfRisk: duplicate.country_of_risk.trim(),
            parentIssuerId: duplicate.parent_issuer_id,
            secCik: duplicate.sec_cik,
            displayNameOverride: override?.display_name ?? null,
          },
          survivorParentIssuerId: survivor.parent_issuer_id,
        },
        after: { survivorParentIssuerId: survivorParent },
        moved,
        version: survivor.version + 1,
        ip: actor.ip,
      },
    });
    return {
      survivorId,
      mergedId: duplicateId,
      bondsMoved: moved.bonds.length,
      dealsMoved: moved.deals.length,
      subsidiariesMoved: moved.subsidiaries.length,
      version: survivor.version + 1,
    };
  });
}
