/**
 * /bw/bond/{bondId}/history: the bond's header and tabs (pricing, cash flow, history), then its
 * history view. Metric and range are query parameters (?metric=yield&range=6m).
 */
import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { BondHeader, BondLoadState, useBondDetail } from '../../components/bond/bondPageFrame';
import { RANGE_OPTIONS, type RangeId } from '../../components/market/seriesStats';
import { useUrlChoices } from '../../routing/urlChoices';
import { BondHistoryView } from './BondHistoryView';
import { isHistoryMetric, type HistoryMetric } from './historyView';

/** Metric and range from the URL (defaults: price, 3 months) and their setters. */
export function useHistoryParams() {
  const { params, setChoices } = useUrlChoices();
  const metric: HistoryMetric = isHistoryMetric(params.get('metric')) ? (params.get('metric') as HistoryMetric) : 'price';
  const range = (RANGE_OPTIONS.some((r) => r.value === params.get('range')) ? params.get('range') : '3m') as RangeId;
  return {
    params,
    setChoices,
    metric,
    range,
    setMetric: (m: HistoryMetric) => setChoices({ metric: m }),
    setRange: (r: RangeId) => setChoices({ range: r }),
  };
}

export default function BondHistoryPage() {
  const { bondId } = useParams();
  const detail = useBondDetail(bondId);
  const { metric, range, setMetric, setRange } = useHistoryParams();
  return (
    <Stack gap={6} data-testid="bond-history-page">
      <PageTitle />
      <BondLoadState bondId={bondId} query={detail} />
      {detail.data && <BondHeader detail={detail.data} active="history" />}
      {detail.data && (
        <BondHistoryView
          bond={{
            id: detail.data.id,
            description: detail.data.description,
            ratingSp: detail.data.ratings.sp,
            ratingMoody: detail.data.ratings.moody,
          }}
          metric={metric}
          range={range}
          onMetric={setMetric}
          onRange={setRange}
        />
      )}
    </Stack>
  );
}
