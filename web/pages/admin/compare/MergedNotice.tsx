import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { type MergeResult } from '@common/api/adminBonds';

/** What a merge did: which bonds went where, what moved, and whether the kept bond was repriced. */
export function MergedNotice({ merged }: { merged: MergeResult }) {
  return (
    <Alert color="teal" data-testid="compare-merged">
      Merged bond(s) {merged.mergedIds.join(', ')} into{' '}
      <Anchor component={Link} to={`/bw/admin/bond/${merged.survivorId}`}>
        bond {merged.survivorId}
      </Anchor>
      : {merged.moved.trades} trade(s), {merged.moved.ratings} rating(s) and {merged.moved.tranches} tranche(s) moved
      {merged.repriceError ? `; not repriced: ${merged.repriceError}` : '; repriced'}.
    </Alert>
  );
}
