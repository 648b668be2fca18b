/** One waiting identifier: its trades, and the two ways to give them a bond. */
import { Alert, Card, Tabs, Text } from '@mantine/core';
import type { MissingGroup } from '@common/api/tradesMissingBonds';
import { CreateBondTab } from './CreateBondTab';
import { firstTab } from './identifierFields';
import { MapBondTab } from './MapBondTab';
import { MissingTradesTable } from './MissingTradesTable';
import { useIdentifierPanel, type IdentifierActions } from './useIdentifierPanel';

export function IdentifierPanel({ group, onMap, onCreate }: { group: MissingGroup } & IdentifierActions) {
  const state = useIdentifierPanel(group, { onMap, onCreate });
  return (
    <Card withBorder padding="sm" data-testid="missing-identifier">
      <Text fw={700} ff="monospace" mb="xs">
        {group.identifier}
      </Text>
      {state.error && (
        <Alert color="red" mb="xs" data-testid="missing-identifier-error">
          {state.error}
        </Alert>
      )}
      <Tabs defaultValue={firstTab(group)}>
        <Tabs.List>
          <Tabs.Tab value="map">Map to a bond</Tabs.Tab>
          <Tabs.Tab value="create">Create the bond</Tabs.Tab>
          <Tabs.Tab value="trades">Trades ({group.trades})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="map" pt="xs">
          <MapBondTab group={group} state={state} />
        </Tabs.Panel>
        <Tabs.Panel value="create" pt="xs">
          <CreateBondTab state={state} />
        </Tabs.Panel>
        <Tabs.Panel value="trades" pt="xs">
          <MissingTradesTable trades={state.trades} />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
