/**
 * The fields of each rule kind in the alert editor (metric, direction, level, window, sizes,
 * agencies, deal steps, market segment), in the units the rule states them.
 */
import { LevelFields, MoveFields, TradeSizeFields } from './BondRuleFields';
import { DealStatusFields, MarketMoveFields, NewDealFields, RatingFields } from './EventRuleFields';
import { Num } from './Num';
import type { Draft } from './ruleDraft';

export function RuleFields({ draft, set }: { draft: Draft; set: (patch: Record<string, unknown>) => void }) {
  const r = draft.rule;
  switch (r.kind) {
    case 'level':
      return <LevelFields rule={r} set={set} />;
    case 'move':
      return <MoveFields rule={r} set={set} />;
    case 'tradeSize':
      return <TradeSizeFields rule={r} set={set} />;
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
      return <RatingFields rule={r} set={set} />;
    case 'newDeal':
      return <NewDealFields rule={r} set={set} />;
    case 'dealStatus':
      return <DealStatusFields rule={r} set={set} />;
    case 'marketMove':
      return <MarketMoveFields rule={r} set={set} />;
  }
}
