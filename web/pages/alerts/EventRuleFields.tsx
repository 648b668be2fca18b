/**
 * The fields of the rule kinds that watch events and the market (rating, new deal, deal steps,
 * market move).
 */
import { Group, MultiSelect, Select } from '@mantine/core';
import { HAWK_MARKET_SEGMENTS } from '@common/api/hawk';
import { RATING_CLASSES, TENOR_BUCKET_IDS } from '@common/market';
import { useFeature } from '../../features/useFeature';
import { Num } from './Num';
import { agencyOptions, DEAL_STEP_OPTIONS, opts, SECTOR_OPTIONS } from './ruleEditorView';
import type { RuleFieldsProps } from './ruleEditorView';

export function RatingFields({ rule: r, set }: RuleFieldsProps) {
  const spRatings = useFeature('s_and_p_ratings');
  return (
    <Group>
      <MultiSelect
        label="Agencies"
        data={agencyOptions(spRatings)}
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
}

export function NewDealFields({ rule: r, set }: RuleFieldsProps) {
  return (
    <Group>
      <Select
        label="Sector"
        clearable
        data={SECTOR_OPTIONS}
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
}

export function DealStatusFields({ rule: r, set }: RuleFieldsProps) {
  return (
    <Group>
      <Num label="Deal # (market target)" value={r.dealId} onChange={(v) => set({ dealId: v })} testId="hawk-deal" />
      <MultiSelect label="Steps" data={DEAL_STEP_OPTIONS} value={r.statuses as string[]} onChange={(v) => set({ statuses: v })} w={320} />
    </Group>
  );
}

export function MarketMoveFields({ rule: r, set }: RuleFieldsProps) {
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
