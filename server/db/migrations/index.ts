import type { Migration } from 'kysely';
import * as core from './20261121180000_core';
import * as market from './20261121181000_market';
import * as accounts from './20261121190000_accounts';
import * as pricing from './20261121193000_pricing';
import * as bondTables from './20261121200000_bond_tables';
import * as marketApi from './20261121201500_market_api';
import * as marketStateLean from './20261121210000_market_state_lean';
import * as rateLimits from './20261121220000_rate_limits';
import * as jobRuns from './20261124140000_job_runs';
import * as refreshGrace from './20261125020000_refresh_grace';
import * as dealOwner from './20261125080000_deal_owner';
import * as pricingSheets from './20261125090000_pricing_sheets';
import * as curveVersions from './20261125100000_curve_versions';
import * as dealSource from './20261125110000_deal_source';
import * as edgarFilings from './20261125120000_edgar_filings';
import * as auditLogFilters from './20261125130000_audit_log_filters';
import * as jobPause from './20261125140000_job_pause';
import * as userAdmin from './20261127100000_user_admin';
import * as domainEmployees from './20261127110000_domain_employees';
import * as onboarding from './20261127120000_onboarding';
import * as trialAdmin from './20261127130000_trial_admin';
import * as notifications from './20261128100000_notifications';
import * as digests from './20261128110000_digests';
import * as help from './20261129100000_help';
import * as blog from './20261129110000_blog';
import * as commentary from './20261129120000_commentary';
import * as media from './20261129130000_media';
import * as referenceAdmin from './20261201100000_reference_admin';
import * as tradeAccuracy from './20261202100000_trade_accuracy';
import * as floaterCoupon from './20261203100000_floater_coupon';
import * as hawk from './20261204100000_hawk';
import * as analyticsEvents from './20261205100000_analytics_events';
import * as errorStore from './20261205110000_error_store';
import * as supportRequests from './20261205120000_support_requests';
import * as shares from './20261206100000_shares';
import * as searchHead from './20261206110000_search_head';
import * as analyticsRollups from './20261209100000_analytics_rollups';
import * as hawkUnprimed from './20261211100000_hawk_unprimed';
import * as analyticsReadModel from './20261215100000_analytics_read_model';
import * as treasuryUpdatedIdx from './20261219100000_treasury_updated_idx';
import * as riskToWorst from './20261223100000_risk_to_worst';
import * as marketSources from './20261224100000_market_sources';
import * as edgarFeed from './20261225100000_edgar_feed';
import * as loginSources from './20261228100000_login_sources';
import * as makeWhole from './20261229100000_make_whole';
import * as finraTreasuries from './20261230300000_finra_treasuries';
import * as tradeFlags from './20261230400000_trade_flags';
import * as hawkStateBounds from './20261231100000_hawk_state_bounds';

/**
 * Every migration, by timestamped name. Listed statically (not read from the folder) so the same
 * list works under tsx, Vitest and a bundled build. Append new migrations; never edit old ones.
 */
export const migrations: Record<string, Migration> = {
  '20261121180000_core': core,
  '20261121181000_market': market,
  '20261121190000_accounts': accounts,
  '20261121193000_pricing': pricing,
  '20261121200000_bond_tables': bondTables,
  '20261121201500_market_api': marketApi,
  '20261121210000_market_state_lean': marketStateLean,
  '20261121220000_rate_limits': rateLimits,
  '20261124140000_job_runs': jobRuns,
  '20261125020000_refresh_grace': refreshGrace,
  '20261125080000_deal_owner': dealOwner,
  '20261125090000_pricing_sheets': pricingSheets,
  '20261125100000_curve_versions': curveVersions,
  '20261125110000_deal_source': dealSource,
  '20261125120000_edgar_filings': edgarFilings,
  '20261125130000_audit_log_filters': auditLogFilters,
  '20261125140000_job_pause': jobPause,
  '20261127100000_user_admin': userAdmin,
  '20261127110000_domain_employees': domainEmployees,
  '20261127120000_onboarding': onboarding,
  '20261127130000_trial_admin': trialAdmin,
  '20261128100000_notifications': notifications,
  '20261128110000_digests': digests,
  '20261129100000_help': help,
  '20261129110000_blog': blog,
  '20261129120000_commentary': commentary,
  '20261129130000_media': media,
  '20261201100000_reference_admin': referenceAdmin,
  '20261202100000_trade_accuracy': tradeAccuracy,
  '20261203100000_floater_coupon': floaterCoupon,
  '20261204100000_hawk': hawk,
  '20261205100000_analytics_events': analyticsEvents,
  '20261205110000_error_store': errorStore,
  '20261205120000_support_requests': supportRequests,
  '20261206100000_shares': shares,
  '20261206110000_search_head': searchHead,
  '20261209100000_analytics_rollups': analyticsRollups,
  '20261211100000_hawk_unprimed': hawkUnprimed,
  '20261215100000_analytics_read_model': analyticsReadModel,
  '20261219100000_treasury_updated_idx': treasuryUpdatedIdx,
  '20261223100000_risk_to_worst': riskToWorst,
  '20261224100000_market_sources': marketSources,
  '20261225100000_edgar_feed': edgarFeed,
  '20261228100000_login_sources': loginSources,
  '20261229100000_make_whole': makeWhole,
  '20261230300000_finra_treasuries': finraTreasuries,
  '20261230400000_trade_flags': tradeFlags,
  '20261231100000_hawk_state_bounds': hawkStateBounds,
};
