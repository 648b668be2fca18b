/**
 * The accuracy tables over trade_accuracy (backtest.ts): per credit class and each dimension —
 * rating bucket, tenor bucket, trade size (and every trade of 1MM or more), liquidity,
 * confidence band, week — the share of trades within the class's two thresholds, the median,
 * 95th-percentile and mean absolute error and the mean signed error (bias), for the evaluated
 * price and the two naive baselines; and the Spearman correlation between confidence and
 * absolute error.
 *
 * Every figure is over the same trades: active trades for which all three predictions exist
 * (the first print of a bond has no last trade, a bond's first day no previous close), so the
 * evaluated price and the baselines are compared on equal terms.
 *
 * Answered from the read model (readModel.ts, modelReport.ts): the compared trades held in memory
 * by day and group, brought up to date when the evaluated trades change, so any `from`..`to` is a
 * walk of slices rather than a year's read and sorts per request (2.5–3 s of main-thread work
 * each on the default seed, issue 33). `reportByScan.ts` is the direct computation it must equal.
 * Answers are memoised per range until the model changes, and concurrent callers share one.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AccuracyReport } from '../../../common/api/accuracy';
import { ServiceRefusal } from '../refusal';
import { RANGE_REFUSAL } from '../../../common/api/dates';
import { queryRefusal } from '../../../common/api/shared';
import { accuracyModel } from './modelState';
import { reportFromModel } from './modelReport';
import { defineCache } from '../caches/registry';
import { deepFreeze } from '../caches/deepFreeze';

export interface AccuracyQuery {
  from?: string;
  to?: string;
}

/** Answers per range, for one version of the model (a new object at each update). */
/** Answers kept per model: a cap so a caller walking every range cannot grow them without bound. */
const ANSWERS_KEPT = 512;
const answers = defineCache<Kysely<Database>, { version: object; byRange: Map<string, Promise<AccuracyReport>> }>({
  name: 'accuracy.reports',
  home: 'server/services/accuracy/report.ts',
  per: 'database',
  key: 'from and to days',
  lifetime: 'until invalidated',
  invalidatedBy: ['a new version of the accuracy model (accuracy.model)'],
  bound: ANSWERS_KEPT,
});

/** The backtest's figures over trades of [from, to] (trade days, inclusive). */
export async function accuracyReport(db: Kysely<Database>, query: AccuracyQuery = {}): Promise<AccuracyReport> {
  if (query.from && query.to && query.from > query.to)
    throw new ServiceRefusal('invalid', queryRefusal('from', RANGE_REFUSAL.reversed(query.to)));
  const model = await accuracyModel(db);
  let kept = answers.get(db);
  if (!kept || kept.version !== model.version) answers.set(db, (kept = { version: model.version, byRange: new Map() }));
  const key = `${query.from ?? ''}|${query.to ?? ''}`;
  const hit = kept.byRange.get(key);
  if (hit) return hit;
  // Frozen: every asker of this range gets this object, and its text is reused (plugins/answerReuse.ts).
  const report = reportFromModel(model, query).then(deepFreeze);
  if (kept.byRange.size >= ANSWERS_KEPT) kept.byRange.delete(kept.byRange.keys().next().value!);
  const byRange = kept.byRange;
  byRange.set(key, report);
  report.catch(() => byRange.delete(key));
  return report;
}
