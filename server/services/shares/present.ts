/**
 * Shares as the API shows them: each row with the names of its item and people, and its links.
 */
import type { Kysely, Selectable } from 'kysely';
import { shareAcceptPath, shareItemPath, type Share, type ShareKind } from '../../../common/api/shares';
import type { Database } from '../../db/schema';
import type { SharesTable } from '../../db/tables/shares';
import { itemNames } from './items';

export type ShareRow = Selectable<SharesTable>;

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Shares with the names of their items and people, for the API. */
export async function presentShares(db: Kysely<Database>, rows: ShareRow[]): Promise<Share[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.flatMap((r) => [r.owner_id, ...(r.recipient_id ? [r.recipient_id] : [])]))];
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'email', 'name']).where('id', 'in', userIds).execute()).map((u) => [u.id, u]),
  );
  const names = new Map<ShareKind, Map<string, { name: string }>>();
  for (const kind of new Set(rows.map((r) => r.kind))) {
    names.set(
      kind,
      await itemNames(
        db,
        kind,
        rows.filter((r) => r.kind === kind).map((r) => r.item_id),
      ),
    );
  }
  return rows.map((r) => {
    const owner = users.get(r.owner_id);
    const recipient = r.recipient_id ? users.get(r.recipient_id) : undefined;
    return {
      id: r.id,
      kind: r.kind,
      itemId: r.item_id,
      itemName: names.get(r.kind)?.get(r.item_id)?.name ?? null,
      itemPath: shareItemPath(r.kind, r.item_id),
      acceptPath: shareAcceptPath(r.id),
      owner: { email: owner?.email ?? '', name: owner?.name ?? null },
      recipient: { email: r.recipient_email, name: recipient?.name ?? null },
      permission: r.permission,
      status: r.status,
      createdAt: iso(r.created_at)!,
      expiresAt: iso(r.expires_at)!,
      acceptedAt: iso(r.accepted_at),
      endedAt: iso(r.ended_at),
    };
  });
}
