import { Alert, Stack, Text } from '@mantine/core';
import { type CompareResponse, type MergeResult } from '@common/api/adminBonds';
import { CompareTable } from './CompareTable';
import { highlightedTerms } from './compareRows';
import { MergeControls } from './MergeControls';
import { useMergeBonds } from './useMergeBonds';

/** One comparison and its merge; keyed by the ids compared so the choice resets with them. */
export function Comparison({ data, onMerged }: { data: CompareResponse; onMerged: (r: MergeResult) => void }) {
  const mergeState = useMergeBonds(data, onMerged);
  const differs = highlightedTerms(data.differences);
  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="compare-differences">
        {data.differences.length === 0 ? 'The terms are the same.' : `Differ: ${data.differences.join(', ')}`}
      </Text>
      {mergeState.error && (
        <Alert color="red" role="alert" data-testid="compare-error">
          {mergeState.error}
        </Alert>
      )}
      <CompareTable data={data} differs={differs} survivor={mergeState.survivor} onKeep={mergeState.setSurvivor} />
      <MergeControls state={mergeState} />
    </Stack>
  );
}
