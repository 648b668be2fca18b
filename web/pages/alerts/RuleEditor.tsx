/**
 * The editor of one alert subscription: the rule in a desk's words (its fields change with the
 * kind), the target, how often it may fire, expiry and channels — and, once it is valid, a live
 * preview of how often it would have fired over the last 30 days (POST /v2/hawk/backtest).
 */
import { Alert, Button, Checkbox, Group, MultiSelect, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  HAWK_BACKTEST_DAYS,
  HAWK_CHANNELS,
  HAWK_MARKET_SEGMENTS,
  HAWK_METRICS,
  HAWK_NAME_MAX_LENGTH,
  HAWK_RULE_KINDS,
  HAWK_TARGETS_BY_KIND,
  HAWK_WINDOWS,
  hawkSubscriptionCreateBodySchema,
  summarizeRule,
  type HawkSubscriptionCreateBody,
  type HawkTargetKind,
} from '@common/api/hawk';
import { DEAL_STATUSES, RATING_CLASSES, SECTORS, TENOR_BUCKET_IDS } from '@common/market';
import { IssuerPicker } from '../../components/IssuerPicker';
import { apiErrorText } from '../../api/errorText';
import { useApiQuery } from '../../api/queries';
import { BOND_TABLE_PATHS, type BondTableListResponse } from '@common/api/bondTables';
import { BondPicker } from './BondPicker';
import { hawkApi } from './hawkApi';

export interface Draft {
  name: string;
  template: string | null;
  rule: Record<string, unknown> & { kind: (typeof HAWK_RULE_KINDS)[number] };
  target: { kind: HawkTargetKind; bondId?: number | null; issuerId?: number | null; tableId?: string | null };
  frequency: { type: 'once' | 'daily' | 'every'; cooldownMinutes?: number };
  expiresAt: string | null;
  channels: string[];
  paused: boolean;
}

const KIND_LABELS: Record<string, string> = {
  level: 'Level crossed',
  move: 'Move within a window',
  tradeSize: 'Trade size',
  tradeAway: 'Trade away from evaluated price',
  confidence: 'Confidence falls',
  volume: 'Volume vs 20-day average',
  rating: 'Rating change',
  newDeal: 'New deal',
  dealStatus: 'Deal status steps',
  marketMove: 'Market move',
};
const CHANNEL_LABELS: Record<string, string> = { in_app: 'In app', push: 'Push', email: 'E-mail' };

/** Defaults of each kind's fields when the kind changes. */
const KIND_DEFAULTS: Record<string, Record<string, unknown>> = {
  level: { metric: 'price', direction: 'above', level: 100 },
  move: { metric: 'gSpread', threshold: 10, window: '1d' },
  tradeSize: { minSize: 5_000_000, includeCapped: true },
  tradeAway: { thresholdPoints: 1 },
  confidence: { below: 50 },
  volume: { ratio: 3 },
  rating: { agencies: ['sp', 'moody'], direction: 'any' },
  newDeal: { sector: null, ratingClass: null },
  dealStatus: { dealId: null, statuses: [...DEAL_STATUSES] },
  marketMove: { segment: 'HY', tenor: null, thresholdBp: 10 },
};

/** The request body a draft makes (the schema decides whether it is valid). */
export function bodyOf(d: Draft): HawkSubscriptionCreateBody {
  const t = d.target;
  const target =
    t.kind === 'bond'
      ? { kind: 'bond', bondId: t.bondId }
      : t.kind === 'issuer'
        ? { kind: 'issuer', issuerId: t.issuerId }
        : t.kind === 'table'
          ? { kind: 'table', tableId: t.tableId }
          : { kind: 'market' };
  const frequency =
    d.frequency.type === 'every' ? { type: 'every', cooldownMinutes: d.frequency.cooldownMinutes ?? 30 } : { type: d.frequency.type };
  return {
    name: d.name.trim() || null,
    template: d.template,
    rule: d.rule,
    target,
    frequency,
    expiresAt: d.expiresAt,
    channels: d.channels,
    paused: d.paused,
  } as HawkSubscriptionCreateBody;
}

function Num({
  label,
  value,
  onChange,
  testId,
  min,
  step,
}: {
  label: string;
  value: unknown;
  onChange: (v: number | null) => void;
  testId: string;
  min?: number;
  step?: number;
}) {
  return (
    <NumberInput
      label={label}
      value={typeof value === 'number' ? value : ''}
      onChange={(v) => onChange(v === '' ? null : Number(v))}
      w={160}
      min={min}
      step={step}
      decimalScale={4}
      data-testid={testId}
    />
  );
}

function RuleFields({ draft, set }: { draft: Draft; set: (patch: Record<string, unknown>) => void }) {
  const r = draft.rule;
  const opts = (xs: readonly string[]) => xs.map((x) => ({ value: x, label: x }));
  switch (r.kind) {
    case 'level':
      return (
        <Group>
          <Select label="Metric" data={opts(HAWK_METRICS)} value={r.metric as string} onChange={(v) => set({ metric: v })} w={140} />
          <Select
            label="Direction"
            data={opts(['above', 'below'])}
            value={r.direction as string}
            onChange={(v) => set({ direction: v })}
            w={120}
          />
          <Num
            label={r.metric === 'price' ? 'Level (points)' : r.metric === 'yield' ? 'Level (%)' : 'Level (bp)'}
            value={r.level}
            onChange={(v) => set({ level: v })}
            testId="hawk-level"
          />
        </Group>
      );
    case 'move':
      return (
        <Group>
          <Select label="Metric" data={opts(HAWK_METRICS)} value={r.metric as string} onChange={(v) => set({ metric: v })} w={140} />
          <Num
            label={r.metric === 'price' ? 'More than (points)' : 'More than (bp)'}
            value={r.threshold}
            onChange={(v) => set({ threshold: v })}
            testId="hawk-threshold"
          />
          <Select label="Window" data={opts(HAWK_WINDOWS)} value={r.window as string} onChange={(v) => set({ window: v })} w={120} />
        </Group>
      );
    case 'tradeSize':
      return (
        <Group align="end">
          <Num
            label="Size at least (par)"
            value={r.minSize}
            onChange={(v) => set({ minSize: v })}
            testId="hawk-min-size"
            step={1_000_000}
          />
          <Checkbox
            label="Count capped 5MM+/1MM+ prints above their cap"
            checked={r.includeCapped !== false}
            onChange={(e) => set({ includeCapped: e.currentTarget.checked })}
          />
        </Group>
      );
    case 'tradeAway':
      return (
        <Num
          label="Away by more than (points)"
          value={r.thresholdPoints}
          onChange={(v) => set({ thresholdPoints: v })}
          testId="hawk-away"
        />
      );
    case 'confidence':
      return <Num label="Confidence below" value={r.below} onChange={(v) => set({ below: v })} testId="hawk-confidence" />;
    case 'volume':
      return <Num label="Volume above (× 20-day average)" value={r.ratio} onChange={(v) => set({ ratio: v })} testId="hawk-ratio" />;
    case 'rating':
      return (
        <Group>
          <MultiSelect
            label="Agencies"
            data={[
              { value: 'sp', label: 'S&P' },
              { value: 'moody', label: "Moody's" },
            ]}
            value={r.agencies as string[]}
            onChange={(v) => set({ agencies: v })}
            w={220}
          />
          <Select
            label="Direction"
            data={opts(['any', 'up', 'down'])}
            value={r.direction as string}
            onChange={(v) => set({ direction: v })}
            w={120}
          />
        </Group>
      );
    case 'newDeal':
      return (
        <Group>
          <Select
            label="Sector"
            clearable
            data={SECTORS.map((s) => ({ value: s.code, label: s.name }))}
            value={(r.sector as string) ?? null}
            onChange={(v) => set({ sector: v })}
            w={220}
          />
          <Select
            label="Rating class"
            clearable
            data={opts(RATING_CLASSES)}
            value={(r.ratingClass as string) ?? null}
            onChange={(v) => set({ ratingClass: v })}
            w={140}
          />
        </Group>
      );
    case 'dealStatus':
      return (
        <Group>
          <Num label="Deal # (market target)" value={r.dealId} onChange={(v) => set({ dealId: v })} testId="hawk-deal" />
          <MultiSelect
            label="Steps"
            data={opts(DEAL_STATUSES)}
            value={r.statuses as string[]}
            onChange={(v) => set({ statuses: v })}
            w={320}
          />
        </Group>
      );
    case 'marketMove':
      return (
        <Group>
          <Select
            label="Segment"
            data={opts(HAWK_MARKET_SEGMENTS)}
            value={r.segment as string}
            onChange={(v) => set({ segment: v })}
            w={120}
          />
          <Select
            label="Tenor (cell)"
            clearable
            data={opts(TENOR_BUCKET_IDS)}
            value={(r.tenor as string) ?? null}
            onChange={(v) => set({ tenor: v })}
            w={120}
          />
          <Num label="More than (bp)" value={r.thresholdBp} onChange={(v) => set({ thresholdBp: v })} testId="hawk-threshold-bp" />
        </Group>
      );
  }
}

export function Preview({ draft }: { draft: Draft }) {
  const parsed = hawkSubscriptionCreateBodySchema.safeParse(bodyOf(draft));
  const body = parsed.success ? { rule: parsed.data.rule, target: parsed.data.target, frequency: parsed.data.frequency } : null;
  const [debounced] = useDebouncedValue(body ? JSON.stringify(body) : null, 400);
  const result = useQuery({
    queryKey: ['hawk', 'backtest', debounced],
    queryFn: ({ signal }) => hawkApi.backtest(JSON.parse(debounced!), signal),
    enabled: debounced !== null,
    retry: false,
  });
  if (!parsed.success)
    return (
      <Text size="sm" c="dimmed" data-testid="hawk-preview-invalid">
        {parsed.error.issues[0]?.path.join('.')}: {parsed.error.issues[0]?.message}
      </Text>
    );
  if (result.isError)
    return (
      <Alert color="red" data-testid="hawk-preview-error">
        {apiErrorText(result.error)}
      </Alert>
    );
  if (!result.data)
    return (
      <Text size="sm" c="dimmed">
        Backtesting…
      </Text>
    );
  const d = result.data;
  return (
    <Stack gap={4} data-testid="hawk-preview">
      <Text size="sm">
        Over the last {HAWK_BACKTEST_DAYS} days ({d.from} to {d.to}) this rule would have fired{' '}
        <strong data-testid="hawk-preview-count">{d.firings}</strong> {d.firings === 1 ? 'time' : 'times'} on {d.days}{' '}
        {d.days === 1 ? 'day' : 'days'}.
      </Text>
      <Text size="xs" c="dimmed">
        From {d.basis}.
      </Text>
      {d.samples.slice(0, 5).map((s) => (
        <Text key={`${s.at}-${s.bondId}-${s.message}`} size="xs">
          {s.at.slice(0, 10)} {s.cusip ? `${s.cusip}: ` : ''}
          {s.message}
        </Text>
      ))}
    </Stack>
  );
}

export function RuleEditor({
  initial,
  busy,
  error,
  onSave,
  knownTarget,
}: {
  initial: Draft;
  busy: boolean;
  error: string | null;
  onSave: (d: Draft) => void;
  knownTarget?: string | undefined;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  const tables = useApiQuery<BondTableListResponse>(BOND_TABLE_PATHS.list);
  const allowed = HAWK_TARGETS_BY_KIND[draft.rule.kind];
  const setRule = (patch: Record<string, unknown>) => setDraft((d) => ({ ...d, rule: { ...d.rule, ...patch } }));
  const parsed = hawkSubscriptionCreateBodySchema.safeParse(bodyOf(draft));
  const summary = useMemo(
    () =>
      parsed.success
        ? summarizeRule(
            parsed.data.rule,
            knownTarget && draft.target.kind !== 'market'
              ? knownTarget
              : draft.target.kind === 'market'
                ? 'the market'
                : `the ${draft.target.kind}`,
            parsed.data.frequency,
          )
        : null,
    [parsed, draft.target.kind, knownTarget],
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (parsed.success) onSave(draft);
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name (optional)"
          value={draft.name}
          maxLength={HAWK_NAME_MAX_LENGTH}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          w={360}
          data-testid="hawk-name"
        />
        <Select
          label="Alert when"
          data={HAWK_RULE_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k]! }))}
          value={draft.rule.kind}
          onChange={(k) => {
            if (!k) return;
            const kind = k as Draft['rule']['kind'];
            const targets = HAWK_TARGETS_BY_KIND[kind];
            setDraft((d) => ({
              ...d,
              rule: { kind, ...KIND_DEFAULTS[kind] },
              target: targets.includes(d.target.kind) ? d.target : { kind: targets[0]! },
            }));
          }}
          w={300}
          data-testid="hawk-kind"
        />
        <RuleFields draft={draft} set={setRule} />
        <Group align="end">
          <Select
            label="On"
            data={allowed.map((k) => ({ value: k, label: k === 'table' ? 'custom bond table' : k }))}
            value={draft.target.kind}
            onChange={(k) => k && setDraft({ ...draft, target: { kind: k as HawkTargetKind } })}
            w={180}
            data-testid="hawk-target-kind"
          />
          {draft.target.kind === 'bond' && (
            <BondPicker
              value={draft.target.bondId ?? null}
              onChange={(bondId) => setDraft({ ...draft, target: { kind: 'bond', bondId } })}
              known={draft.target.bondId && knownTarget ? { id: draft.target.bondId, label: knownTarget } : null}
            />
          )}
          {draft.target.kind === 'issuer' && (
            <IssuerPicker
              value={draft.target.issuerId ? String(draft.target.issuerId) : null}
              onChange={(v) => setDraft({ ...draft, target: { kind: 'issuer', issuerId: v ? Number(v) : null } })}
              known={draft.target.issuerId && knownTarget ? { id: draft.target.issuerId, ticker: '', name: knownTarget } : null}
              testId="hawk-issuer-picker"
            />
          )}
          {draft.target.kind === 'table' && (
            <Select
              label="Custom table"
              data={(tables.data?.tables ?? []).map((t) => ({ value: t.id, label: t.name }))}
              value={draft.target.tableId ?? null}
              onChange={(v) => setDraft({ ...draft, target: { kind: 'table', tableId: v } })}
              w={280}
            />
          )}
        </Group>
        <Group align="end">
          <Select
            label="How often"
            data={[
              { value: 'once', label: 'Once' },
              { value: 'daily', label: 'Once per day' },
              { value: 'every', label: 'Every time (cool-down)' },
            ]}
            value={draft.frequency.type}
            onChange={(v) =>
              v &&
              setDraft({
                ...draft,
                frequency: { type: v as Draft['frequency']['type'], cooldownMinutes: draft.frequency.cooldownMinutes ?? 30 },
              })
            }
            w={220}
            data-testid="hawk-frequency"
          />
          {draft.frequency.type === 'every' && (
            <Num
              label="Cool-down (min)"
              value={draft.frequency.cooldownMinutes}
              onChange={(v) => setDraft({ ...draft, frequency: { type: 'every', cooldownMinutes: v ?? 0 } })}
              testId="hawk-cooldown"
            />
          )}
          <TextInput
            label="Expires (optional)"
            type="date"
            value={draft.expiresAt ? draft.expiresAt.slice(0, 10) : ''}
            onChange={(e) => setDraft({ ...draft, expiresAt: e.currentTarget.value ? `${e.currentTarget.value}T23:59:59Z` : null })}
            w={180}
          />
        </Group>
        <Checkbox.Group label="Channels" value={draft.channels} onChange={(v) => setDraft({ ...draft, channels: v })}>
          <Group mt={4}>
            {HAWK_CHANNELS.map((c) => (
              <Checkbox key={c} value={c} label={CHANNEL_LABELS[c]} data-testid={`hawk-channel-${c}`} />
            ))}
          </Group>
        </Checkbox.Group>
        {summary && (
          <Text size="sm" fw={500} data-testid="hawk-summary">
            {summary}
          </Text>
        )}
        <Preview draft={draft} />
        {error && (
          <Alert color="red" data-testid="hawk-save-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={busy} disabled={!parsed.success} data-testid="hawk-save">
            Save alert
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
