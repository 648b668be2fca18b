import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** An item shared with one person (server/services/shares/): the uuid is the accept link. */
export interface SharesTable {
  id: string;
  kind: 'bond_table' | 'pricing_sheet' | 'hawk_subscription' | 'blog_post';
  item_id: string;
  owner_id: string;
  recipient_email: string;
  /** Set when the address belongs to a user at invitation time, or on accepting. */
  recipient_id: string | null;
  permission: 'view' | 'edit';
  status: ColumnType<'pending' | 'accepted' | 'revoked' | 'left', 'pending' | 'accepted' | 'revoked' | 'left' | undefined>;
  /** Until when the invitation can be accepted. */
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  accepted_at: NullableTimestamp;
  ended_at: NullableTimestamp;
}

export interface ShareTables {
  shares: SharesTable;
}
