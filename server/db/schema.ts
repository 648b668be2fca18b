import type { CoreTables } from './tables/core';
import type { MarketTables } from './tables/market';
import type { AccountTables } from './tables/accounts';
import type { BondTableTables } from './tables/bondTables';
import type { PricingSheetTables } from './tables/pricingSheets';
import type { EdgarTables } from './tables/edgar';
import type { AnalyticsTables } from './tables/analytics';
import type { AccuracyTables } from './tables/accuracy';
import type { ContentTables } from './tables/content';
import type { HawkTables } from './tables/hawk';
import type { NotificationTables } from './tables/notifications';
import type { ShareTables } from './tables/shares';
import type { SourceTables } from './tables/sources';

/**
 * The whole database as Kysely sees it: one interface per domain in tables/, joined here.
 * Add a domain by extending this interface.
 */
export interface Database
  extends
    CoreTables,
    MarketTables,
    AccountTables,
    BondTableTables,
    PricingSheetTables,
    EdgarTables,
    AnalyticsTables,
    AccuracyTables,
    ContentTables,
    HawkTables,
    NotificationTables,
    ShareTables,
    SourceTables {}
