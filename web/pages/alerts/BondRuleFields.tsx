/**
 * The fields of the rule kinds that watch a bond's own numbers (level, move, trade size, trade
 * away, confidence, volume), in the units the rule states them.
 */
import { Checkbox, Group, Select } from '@mantine/core';
import { HAWK_METRIC_LABELS, HAWK_METRICS, HAWK_WINDOW_LABELS, HAWK_WINDOWS } from '@common/api/hawk';
import { Num } from './Num';
import { levelLabel, moveLabel, opts } from './ruleEditorView';
import type { RuleFieldsProps } from './ruleEditorView';

function MetricSelect({ rule: r, set }: RuleFieldsProps) {
  return (
    <Select
      allowDeselect={false}
      label="Metric"
      data={opts(HAWK_METRICS, HAWK_METRIC_LABELS)}
      value={r.metric as string}
      onChange={(v) => set({ metric: v })}
      w={140}
    />
  );
}

export function LevelFields({ rule: r, set }: RuleFieldsProps) {
  return (
    <Group>
      <MetricSelect rule={r} set={set} />
      <Select
        label="Direction"
        allowDeselect={false}
        data={opts(['above', 'below'])}
        value={r.direction as string}
        onChange={(v) => set({ direction: v })}
        w={120}
      />
      <Num label={levelLabel(r.metric)} value={r.level} onChange={(v) => set({ level: v })} testId="hawk-level" />
    </Group>
  );
}

export function MoveFields({ rule: r, set }: RuleFieldsProps) {
  return (
    <Group>
      <MetricSelect rule={r} set={set} />
      <Num label={moveLabel(r.metric)} value={r.threshold} onChange={(v) => set({ threshold: v })} testId="hawk-threshold" />
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
}

export function TradeSizeFields({ rule: r, set }: RuleFieldsProps) {
  return (
    <Group align="end">
      <Num label="Size at least (par)" value={r.minSize} onChange={(v) => set({ minSize: v })} testId="hawk-min-size" step={1_000_000} />
      <Checkbox
        label="Count capped 5MM+/1MM+ prints above their cap"
        checked={r.includeCapped !== false}
        onChange={(e) => set({ includeCapped: e.currentTarget.checked })}
      />
    </Group>
  );
}
