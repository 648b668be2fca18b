/** Map the identifier's trades to an existing bond, found by search or among the issuer's bonds. */
import { Button, Group, Select, Stack } from '@mantine/core';
import type { MissingGroup } from '@common/api/tradesMissingBonds';
import { nothingFoundText } from './identifierFields';
import type { IdentifierPanelState } from './useIdentifierPanel';

export function MapBondTab({ group, state }: { group: MissingGroup; state: IdentifierPanelState }) {
  return (
    <Stack gap="xs">
      <Select
        label="Bond"
        placeholder="Type a CUSIP, ticker or name"
        searchable
        data={state.options}
        value={state.bondId}
        onChange={state.setBondId}
        searchValue={state.search}
        onSearchChange={state.setSearch}
        nothingFoundMessage={nothingFoundText(state.search)}
        data-testid="map-bond"
      />
      <Group>
        <Button size="xs" disabled={!state.bondId} loading={state.busy === 'map'} onClick={state.map} data-testid="map-submit">
          Attach {group.trades} trade(s) to this bond
        </Button>
      </Group>
    </Stack>
  );
}
