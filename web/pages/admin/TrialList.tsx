/** One list of trials (ending, ended or extended), each person with their extend/convert actions. */
import { Alert, Stack, Title } from '@mantine/core';
import type { AdminUserRow } from '@common/api/adminUsers';
import { apiErrorText } from '../../api/errorText';
import { DataTable, type Column } from '../../components/DataTable';
import { TrialActions } from './TrialActions';
import type { TrialListSpec } from './trialLists';
import { useTrialList, type TrialListState } from './useTrialList';

const trialColumns = (state: TrialListState): Column<AdminUserRow>[] => [
  { field: 'email', header: 'E-mail', flex: 2 },
  { header: 'Organisation', value: (r) => r.organization?.name ?? '—', flex: 1.3 },
  { header: 'Trial ends', value: (r) => r.trial.endsAt, kind: 'date', flex: 1.2 },
  { header: 'Extended to', value: (r) => r.trial.extendedUntil, kind: 'date', flex: 1.2 },
  { header: 'Last sign-in', field: 'lastLoginAt', kind: 'date', flex: 1.2 },
  {
    header: 'Extend / convert',
    minWidth: 480,
    flex: 3,
    cell: ({ row }) => <TrialActions user={row} state={state} />,
  },
];

export function TrialList({ onError, ...spec }: TrialListSpec & { onError: (e: string | null) => void }) {
  const state = useTrialList(spec, onError);
  const { list } = state;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {spec.title} ({list.data?.total ?? '…'})
      </Title>
      {list.isError && <Alert color="red">{apiErrorText(list.error)}</Alert>}
      <DataTable<AdminUserRow>
        rows={list.data?.users}
        columns={trialColumns(state)}
        rowId={(u) => u.id}
        height={240}
        testId={`trials-${spec.trial}`}
        rowHeight={34}
      />
    </Stack>
  );
}
