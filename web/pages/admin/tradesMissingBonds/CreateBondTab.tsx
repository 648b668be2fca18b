/** Create the bond from the template's fields, then attach the identifier's trades to it. */
import { Button, SimpleGrid, TextInput } from '@mantine/core';
import { BOND_REFERENCE_FIELDS } from '@common/api/tradesMissingBonds';
import { HINTS, REQUIRED } from './identifierFields';
import type { IdentifierPanelState } from './useIdentifierPanel';

export function CreateBondTab({ state }: { state: IdentifierPanelState }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {BOND_REFERENCE_FIELDS.map((f) => (
          <TextInput
            key={f}
            size="xs"
            label={f}
            placeholder={HINTS[f]}
            withAsterisk={REQUIRED.includes(f)}
            value={state.fields[f] ?? ''}
            onChange={(e) => state.setField(f, e.currentTarget.value)}
            data-testid={`bond-field-${f}`}
          />
        ))}
      </SimpleGrid>
      <Button size="xs" mt="xs" loading={state.busy === 'create'} onClick={state.create} data-testid="create-submit">
        Create the bond and attach its trades
      </Button>
    </>
  );
}
