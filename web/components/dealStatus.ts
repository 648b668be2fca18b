/** A deal's stage as the new-issue calendar, the deal page and the admin's deal pages name it. */
import type { DealStatus } from '@common/market';

export const STATUS_LABELS: Record<DealStatus, string> = {
  announced: 'Announced',
  initial_price_talk: 'IPT',
  guidance: 'Guidance',
  launched: 'Launched',
  priced: 'Priced',
};
