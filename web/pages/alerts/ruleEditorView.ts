/**
 * Pure pieces of the alert editor: the option lists its selects show, the labels that name a
 * level's or a move's unit, the draft a kind change makes and the sentence that sums a rule up.
 */
import { HAWK_TARGETS_BY_KIND, summarizeRule } from '@common/api/hawk';
import { DEAL_STATUSES, SECTORS } from '@common/market';
import { KIND_DEFAULTS, type Draft } from './ruleDraft';

/** What each kind's fields view takes: the rule and a patcher of its fields. */
export interface RuleFieldsProps {
  rule: Draft['rule'];
  set: (patch: Record<string, unknown>) => void;
}

export const CHANNEL_LABELS: Record<string, string> = { in_app: 'In app', push: 'Push', email: 'E-mail' };

export const FREQUENCY_OPTIONS = [
  { value: 'once', label: 'Once' },
  { value: 'daily', label: 'Once per day' },
  { value: 'every', label: 'Every time (cool-down)' },
];

/** Select options from a list of values, labelled from `labels` where it names them. */
export const opts = (xs: readonly string[], labels?: Record<string, string>) => xs.map((x) => ({ value: x, label: labels?.[x] ?? x }));

export const levelLabel = (metric: unknown) => (metric === 'price' ? 'Level (points)' : metric === 'yield' ? 'Level (%)' : 'Level (bp)');

export const moveLabel = (metric: unknown) => (metric === 'price' ? 'More than (points)' : 'More than (bp)');

/** S&P is offered only where its ratings are (the server refuses S&P rating alerts otherwise). */
export const agencyOptions = (spRatings: boolean) => [
  ...(spRatings ? [{ value: 'sp', label: 'S&P' }] : []),
  { value: 'moody', label: "Moody's" },
];

export const SECTOR_OPTIONS = SECTORS.map((s) => ({ value: s.code, label: s.name }));

export const DEAL_STEP_OPTIONS = DEAL_STATUSES.map((x) => ({ value: x, label: x.replace(/_/g, ' ') }));

export const targetKindOptions = (allowed: readonly string[]) =>
  allowed.map((k) => ({ value: k, label: k === 'table' ? 'custom bond table' : k }));

/** The draft after choosing another kind: that kind's default fields, and a target it allows. */
export function withKind(d: Draft, kind: Draft['rule']['kind'], spRatings: boolean): Draft {
  const targets = HAWK_TARGETS_BY_KIND[kind];
  return {
    ...d,
    // Without S&P ratings, a rating alert is on Moody's alone (the server refuses S&P's).
    rule: { kind, ...KIND_DEFAULTS[kind], ...(kind === 'rating' && !spRatings ? { agencies: ['moody'] } : {}) },
    target: targets.includes(d.target.kind) ? d.target : { kind: targets[0]! },
  };
}

/** The rule in a desk's words, naming the target as the person knows it where we know its name. */
export function ruleSummary(
  body: { rule: Parameters<typeof summarizeRule>[0]; frequency: Parameters<typeof summarizeRule>[2] },
  targetKind: Draft['target']['kind'],
  knownTarget: string | undefined,
) {
  return summarizeRule(
    body.rule,
    knownTarget && targetKind !== 'market' ? knownTarget : targetKind === 'market' ? 'the market' : `the ${targetKind}`,
    body.frequency,
  );
}

/** A date input's day as the end of that day in UTC (empty: no expiry). */
export const expiryOf = (day: string) => (day ? `${day}T23:59:59Z` : null);
