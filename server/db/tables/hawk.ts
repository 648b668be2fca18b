import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { HawkChannel, HawkFrequency, HawkRule, HawkTarget } from '../../../common/api/hawk';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A user's market-hawk rule on a target; target_key is what the evaluator indexes it by. */
export interface HawkSubscriptionsTable {
  id: Generated<number>;
  user_id: string;
  name: string | null;
  template: string | null;
  kind: HawkRule['kind'];
  rule: JSONColumnType<HawkRule>;
  target: JSONColumnType<HawkTarget>;
  /** bond:ID, issuer:ID, table:UUID, market, or deal:ID (a dealStatus rule following one deal). */
  target_key: string;
  frequency: JSONColumnType<HawkFrequency>;
  expires_at: NullableTimestamp;
  channels: JSONColumnType<HawkChannel[]>;
  paused: Generated<boolean>;
  disabled_at: NullableTimestamp;
  last_fired_at: NullableTimestamp;
  /** From hawk_revision_seq on every write (set `revision: sql\`nextval('hawk_revision_seq')\``). */
  revision: ColumnType<string, never, unknown>;
  /** False until the evaluator has checked a state rule on the bonds' current state once. */
  primed: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One alert that fired, with the values that triggered it; unique per rule × subject × window. */
export interface HawkFiringsTable {
  id: Generated<string>;
  subscription_id: number;
  user_id: string;
  kind: HawkRule['kind'];
  subject_key: string;
  window_key: string;
  bond_id: number | null;
  issuer_id: number | null;
  deal_id: number | null;
  message: string;
  vals: JSONColumnType<Record<string, unknown>>;
  fired_at: Timestamp;
  delivery_id: string | null;
}

/** Channel → state of one delivery: email 'queued' (in the outbox), in_app/push 'pending' until notifications are wired. */
export type HawkChannelStates = Partial<Record<HawkChannel, 'queued' | 'pending' | 'sent' | 'failed' | 'no_address'>>;

/** One delivery: the firings of one subscription in one pass (grouped, e.g. many bonds of an issuer). */
export interface HawkDeliveriesTable {
  id: Generated<string>;
  user_id: string;
  subscription_id: number;
  channels: JSONColumnType<HawkChannelStates>;
  firing_count: number;
  created_at: Timestamp;
}

/** An e-mail's one-click disable code (stored as its SHA-256), single-purpose: one subscription. */
export interface HawkDisableCodesTable {
  code_hash: string;
  subscription_id: number;
  created_at: Timestamp;
  used_at: NullableTimestamp;
  undone_at: NullableTimestamp;
}

/** The evaluator's durable cursor: last event, last rating row, last bond-state as-of seen. */
export interface HawkCursorTable {
  name: string;
  last_event_id: ColumnType<string, string | number, string | number>;
  last_rating_id: ColumnType<string, string | number, string | number>;
  state_as_of: Timestamp;
}

export interface HawkTables {
  hawk_subscriptions: HawkSubscriptionsTable;
  hawk_firings: HawkFiringsTable;
  hawk_deliveries: HawkDeliveriesTable;
  hawk_disable_codes: HawkDisableCodesTable;
  hawk_cursor: HawkCursorTable;
}
