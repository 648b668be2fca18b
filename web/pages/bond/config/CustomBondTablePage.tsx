/**
 * /bw/bond/config/{uuid}: a custom bond table opened — the bond table with that table's columns,
 * sorts and filters. Changes made here (sort clicks, column choice and order, filters) are saved
 * to the table 1 s after the last one, like the main table's preferences.
 */
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BOND_TABLE_PATHS, type BondTable } from '@common/api/bondTables';
import { PREFERENCES_SAVE_DEBOUNCE_MS } from '@common/constants';
import { handleError } from '../../../api/errors';
import { notifications } from '@mantine/notifications';
import { PageTitle } from '../../../components/PageTitle';
import { apiErrorText } from '../../../api/errorText';
import { useApiQuery } from '../../../api/queries';
import { BondTableView } from '../BondTableView';
import { configFromView, viewFromConfig, type BondView } from '../bondView';
import { ShareButton } from '../../../components/share/ShareButton';
import { bondTableKey, bondTablesApi, bondTablesKey } from './bondTablesApi';

function OpenedTable({ table, readOnly }: { table: BondTable; readOnly: boolean }) {
  const client = useQueryClient();
  const [view, setView] = useState<BondView>(() => viewFromConfig(table));
  const [saving, setSaving] = useState<'idle' | 'pending' | 'saved'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(view);

  const save = useCallback(async () => {
    timer.current = null;
    try {
      const saved = await bondTablesApi.update(table.id, configFromView(latest.current));
      client.setQueryData(bondTableKey(table.id), saved);
      void client.invalidateQueries({ queryKey: bondTablesKey, exact: true });
      setSaving('saved');
    } catch (error) {
      setSaving('idle');
      handleError(error, { notifier: notifications.show, prefix: 'Saving the table failed:' });
    }
  }, [client, table.id]);

  // Save what is pending when leaving the page.
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        void save();
      }
    },
    [save],
  );

  const onViewChange = useCallback(
    (next: BondView) => {
      latest.current = next;
      setView(next);
      // Shared to view: the changes are this screen's only; the server would refuse them.
      if (readOnly) return;
      setSaving('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), PREFERENCES_SAVE_DEBOUNCE_MS);
    },
    [save, readOnly],
  );

  return (
    <BondTableView
      view={view}
      onViewChange={onViewChange}
      csvName={`${table.name.replace(/[^\w.-]+/g, '_')}.csv`}
      actions={
        readOnly ? (
          <Badge size="sm" variant="light" color="gray" data-testid="table-save-state">
            View only
          </Badge>
        ) : (
          <Badge size="sm" variant="light" color={saving === 'pending' ? 'yellow' : 'teal'} data-testid="table-save-state">
            {saving === 'pending' ? 'Saving…' : 'Saved'}
          </Badge>
        )
      }
    />
  );
}

export default function CustomBondTablePage() {
  const { uuid } = useParams();
  const table = useApiQuery<BondTable>(uuid ? BOND_TABLE_PATHS.one({ id: uuid }) : null, { staleTime: Infinity });
  return (
    <Stack gap={4} data-testid="custom-bond-table-page">
      {!table.data && <PageTitle />}
      {table.isPending && (
        <Center py="xl">
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {table.isError && (
        <Alert color="red" data-testid="custom-table-error">
          <Text size="sm">{apiErrorText(table.error)}</Text>
          <Anchor component={Link} to="/bw/bond/config" size="sm">
            All custom tables
          </Anchor>
        </Alert>
      )}
      {table.data && (
        <>
          <Group justify="space-between">
            <Title order={1} size="h2" data-testid="page-title">
              {table.data.name}
            </Title>
            <Group gap="xs">
              {table.data.shared ? (
                <Text size="xs" c="dimmed" data-testid="table-shared-by">
                  Shared by {table.data.shared.owner.name ?? table.data.shared.owner.email} ·{' '}
                  {table.data.shared.permission === 'edit' ? 'you can edit' : 'view only'}
                </Text>
              ) : (
                <ShareButton kind="bond_table" itemId={table.data.id} itemName={table.data.name} />
              )}
              <Button component={Link} to="/bw/bond/config" size="compact-xs" variant="subtle">
                All custom tables
              </Button>
            </Group>
          </Group>
          <OpenedTable key={table.data.id} table={table.data} readOnly={table.data.shared?.permission === 'view'} />
        </>
      )}
    </Stack>
  );
}
