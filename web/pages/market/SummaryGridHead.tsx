import { Tooltip } from '@mantine/core';
import type { MarketMetric } from '@common/api/market';
import type { TenorBucket } from '@common/market';
import { useFeature } from '../../features/useFeature';
import { TONE_HELP } from './marketView';
import { slopeHeader } from './summaryGridView';

/** The grid's header row: segment (with the units and colour help), tenors, slopes, then All. */
export function SummaryGridHead({
  metric,
  levelUnit,
  tenors,
  slopes,
}: {
  metric: MarketMetric;
  levelUnit: string;
  tenors: TenorBucket[];
  slopes: string[];
}) {
  const help = useFeature('tooltips');
  return (
    <thead>
      <tr>
        <th title={`${levelUnit}; ${TONE_HELP[metric]}`}>
          {/* Extended help (flag `tooltips`); the plain title above always says the units. */}
          <Tooltip
            label={`Level: ${levelUnit}. ${TONE_HELP[metric]}. Click a cell for its daily series; columns come from "Columns…".`}
            withinPortal
            multiline
            w={280}
            disabled={!help}
          >
            <span>Segment</span>
          </Tooltip>
        </th>
        {tenors.map((t) => (
          <th key={t} title={`Bonds with remaining maturity in the ${t} bucket`}>
            {t}
          </th>
        ))}
        {slopes.map((s) => {
          const h = slopeHeader(s);
          return (
            <th key={s} className="bw-mgrid-slope" title={h.title}>
              {h.text}
            </th>
          );
        })}
        <th className="bw-mgrid-total" title="All maturities">
          All
        </th>
      </tr>
    </thead>
  );
}
