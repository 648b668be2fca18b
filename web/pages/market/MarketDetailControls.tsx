import { SegmentedControl, Select } from '@mantine/core';
import { RANGE_OPTIONS } from '../../components/market/seriesStats';
import { SEGMENT_CHOICES, TENOR_CHOICES } from './marketDetailView';
import { METRIC_OPTIONS, type DetailParams } from './marketView';
import type { MarketDetailState } from './useMarketDetail';

/** The cell's selectors (metric, tenor, segment: each navigates) and the range. */
export function MarketDetailControls({ state }: { state: MarketDetailState }) {
  const { p, range, go, setRange } = state;
  return (
    <>
      <SegmentedControl
        size="xs"
        value={p.metric}
        onChange={(v) => go({ metric: v as DetailParams['metric'] })}
        title="Keys: y, s, p, v"
        data={METRIC_OPTIONS.map(({ value, label }) => ({ value, label }))}
        data-testid="detail-metric"
      />
      <Select
        size="xs"
        w={110}
        aria-label="Tenor bucket"
        value={p.tenor ?? 'all'}
        allowDeselect={false}
        data-testid="detail-tenor"
        onChange={(v) => go({ tenor: v && v !== 'all' ? (v as DetailParams['tenor']) : null })}
        data={TENOR_CHOICES}
      />
      <Select
        size="xs"
        w={220}
        aria-label="Segment"
        value={p.segment}
        allowDeselect={false}
        searchable
        data-testid="detail-segment"
        onChange={(v) => v && go({ segment: v })}
        data={SEGMENT_CHOICES}
      />
      <SegmentedControl
        size="xs"
        value={range}
        data={RANGE_OPTIONS.map(({ value, label }) => ({ value, label }))}
        data-testid="detail-range"
        onChange={setRange}
      />
    </>
  );
}
