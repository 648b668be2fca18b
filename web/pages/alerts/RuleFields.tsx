/**
 * The fields of each rule kind in the alert editor (metric, direction, level, window, sizes,
 * agencies, deal steps, market segment), in the units the rule states them.
 */
import { Checkbox, Group, MultiSelect, NumberInput, Select } from '@mantine/core';
import { HAWK_MARKET_SEGMENTS, HAWK_METRIC_LABELS, HAWK_METRICS, HAWK_WINDOW_LABELS, HAWK_WINDOWS } from '@common/api/hawk';
import { DEAL_STATUSES, RATING_CLASSES, SECTORS, TENOR_BUCKET_IDS } from '@common/market';
import type { Draft } from './ruleDraft';
import { useFeature } from '../../features/useFeature';

/** A number input that edits a possibly missing value (empty means null). */
export function Num({
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

export function RuleFields({ draft, set }: { draft: Draft; set: (patch: Record<string, unknown>) => void }) {
  const r = draft.rule;
  const spRatings = useFeature('s_and_p_ratings');
  const opts = (xs: readonly string[], labels?: Record<string, string>) => xs.map((x) => ({ value: x, label: labels?.[x] ?? x }));
  switch (r.kind) {
    case 'level':
      return (
        <Group>
          <Select
            allowDeselect={false}
            label="Metric"
            data={opts(HAWK_METRICS, HAWK_METRIC_LABELS)}
            value={r.metric as string}
            onChange={(v) => set({ metric: v })}
            w={140}
          />
          <Select
            label="Direction"
            allowDeselect={false}
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
          <Select
            allowDeselect={false}
            label="Metric"
            data={opts(HAWK_METRICS, HAWK_METRIC_LABELS)}
            value={r.metric as string}
            onChange={(v) => set({ metric: v })}
            w={140}
          />
          <Num
            label={r.metric === 'price' ? 'More than (points)' : 'More than (bp)'}
            value={r.threshold}
            onChange={(v) => set({ threshold: v })}
            testId="hawk-threshold"
          />
          <Select
            allowDeselect={false}
            label="Window"
            data={opts(HAWK_WINDOWS, HAWK_WINDOW_LABELS)}
            value={r.window as string}
            onChange={(v) => set({ window: v })}
            w={120}
          />
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
            data={[...(spRatings ? [{ value: 'sp', label: 'S&P' }] : []), { value: 'moody', label: "Moody's" }]}
            value={r.agencies as string[]}
            onChange={(v) => set({ agencies: v })}
            w={220}
          />
          <Select
            label="Direction"
            allowDeselect={false}
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
            data={DEAL_STATUSES.map((x) => ({ value: x, label: x.replace(/_/g, ' ') }))}
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
            allowDeselect={false}
            data={opts(HAWK_MARKET_SEGMENTS, { all: 'Whole market' })}
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
