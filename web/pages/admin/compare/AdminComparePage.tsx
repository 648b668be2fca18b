/**
 * /bw/admin/compare and /bw/admin/{bondIds}/compare: two or more bonds side by side — every term,
 * the figures they were priced at, trade counts and recent trades — with the terms that differ
 * highlighted, to find duplicates and errors. When they are the same security, one is kept and
 * the others merged into it (their trades and references move; asked for confirmation; the
 * server refuses a stale comparison or a merge that would orphan data) (docs/admin.md).
 */
import { Alert, Stack } from '@mantine/core';
import { apiErrorText } from '../../../api/errorText';
import { PageTitle } from '../../../components/PageTitle';
import { BondPicker } from './BondPicker';
import { Comparison } from './Comparison';
import { DuplicateCandidates } from './DuplicateCandidates';
import { MergedNotice } from './MergedNotice';
import { useAdminCompare } from './useAdminCompare';

export default function AdminComparePage() {
  const { fromPath, picked, setPicked, goCompare, merged, onMerged, compare } = useAdminCompare();
  return (
    <Stack gap="sm" data-testid="admin-compare-page">
      <PageTitle />
      <BondPicker ids={picked} onChange={setPicked} onCompare={goCompare} />
      {merged && <MergedNotice merged={merged} />}
      {fromPath.length < 2 && <DuplicateCandidates />}
      {compare.isError && <Alert color="red">{apiErrorText(compare.error)}</Alert>}
      {compare.data && !merged && <Comparison key={fromPath.join(',')} data={compare.data} onMerged={onMerged} />}
    </Stack>
  );
}
