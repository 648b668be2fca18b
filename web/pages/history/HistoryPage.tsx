/**
 * /bw/history: pick any bond (search by CUSIP, ticker or description over GET /v2/bond?q=, or
 * by issuer over GET /v2/issuer?q=) and see its history; pick several to compare them on one
 * chart, absolute or normalised (price rebased to 100, yields and spreads as bp changes).
 * Everything is in the URL: ?bonds=12,40&metric=yield&range=6m&mode=normalised.
 * Data in useHistoryPage; this lays out the parts.
 */
import { Alert, Loader, Stack } from '@mantine/core';
import { PageTitle } from '../../components/PageTitle';
import { BondHistoryView } from './BondHistoryView';
import { ChosenBonds } from './ChosenBonds';
import { CompareChart } from './CompareChart';
import { CompareControls } from './CompareControls';
import { QuickPicks } from './QuickPicks';
import { useHistoryPage } from './useHistoryPage';

export default function HistoryPage() {
  const state = useHistoryPage();
  const { ids, single, details, metric, range, mode, setIds, setMetric, setRange } = state;
  return (
    <Stack gap={6} data-testid="history-page">
      <PageTitle />
      <ChosenBonds state={state} />
      {ids.length === 0 && <QuickPicks onPick={(id) => setIds([id])} />}
      {state.detailsFailed && <Alert color="red">Some bonds could not be loaded.</Alert>}
      {state.singlePending && <Loader size="sm" type="dots" />}
      {single && (
        <BondHistoryView
          bond={{ id: single.id, description: single.description, ratingSp: single.ratings.sp, ratingMoody: single.ratings.moody }}
          metric={metric}
          range={range}
          onMetric={setMetric}
          onRange={setRange}
        />
      )}
      {ids.length > 1 && (
        <>
          <CompareControls state={state} />
          <CompareChart ids={ids} details={details} metric={metric} range={range} mode={mode} />
        </>
      )}
    </Stack>
  );
}
