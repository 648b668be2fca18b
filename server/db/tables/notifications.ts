import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** What the long-poll delivers to one user (spec §3 Notification); id is the poll cursor. */
export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  type: string;
  category: string;
  payload: JSONColumnType<Record<string, unknown>>;
  created_at: Timestamp;
}

/** A user following a deal (the "deal followers" a message can be addressed to). */
export interface DealFollowsTable {
  deal_id: number;
  user_id: string;
  created_at: Timestamp;
}

/** A primary deal message (spec §3 Deal message); recipients is the sender's choice as sent. */
export interface DealMessagesTable {
  id: Generated<string>;
  deal_id: number;
  author_user_id: string;
  body: string;
  recipients: JSONColumnType<Record<string, unknown>>;
  created_at: Timestamp;
  edited_at: NullableTimestamp;
}

/** Who a message reached, and when they read it (null: unread). */
export interface DealMessageRecipientsTable {
  message_id: string;
  user_id: string;
  read_at: NullableTimestamp;
}

/** When a user last opened a menu section (its "new since last visit" badges). */
export interface UserSectionVisitsTable {
  user_id: string;
  section: string;
  visited_at: Timestamp;
}

/** The last e-mail digest sent to a user. */
export interface NotificationDigestsTable {
  user_id: string;
  last_sent_at: Timestamp;
}

export interface NotificationTables {
  notification_digests: NotificationDigestsTable;
  notifications: NotificationsTable;
  deal_follows: DealFollowsTable;
  deal_messages: DealMessagesTable;
  deal_message_recipients: DealMessageRecipientsTable;
  user_section_visits: UserSectionVisitsTable;
}
