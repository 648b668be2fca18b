/**
 * Create the bond from the template's fields, then attach the identifier's trades to it. A field
 * the route's contract refuses is refused here, under the field, in the sentence its 400 reads as.
 */
import { Button, SimpleGrid, TextInput } from '@mantine/core';
import { BOND_REFERENCE_FIELDS } from '@common/api/tradesMissingBonds';
import { HINTS, REQUIRED } from './identifierFields';
import type { IdentifierPanelState } from './useIdentifierPanel';

export function CreateBondTab({ state }: { state: IdentifierPanelState }) {
  return (
    <form noValidate onSubmit={state.create} data-testid="create-bond-form">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {BOND_REFERENCE_FIELDS.map((f) => (
          <TextInput
            key={f}
            size="xs"
            label={f}
            placeholder={HINTS[f]}
            withAsterisk={REQUIRED.includes(f)}
            {...state.form.getInputProps(f)}
            data-testid={`bond-field-${f}`}
          />
        ))}
      </SimpleGrid>
      <Button type="submit" size="xs" mt="xs" loading={state.busy === 'create'} data-testid="create-submit">
        Create the bond and attach its trades
      </Button>
    </form>
  );
}
