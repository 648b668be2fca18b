import { Checkbox, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ORGANIZATION_TYPES } from '@common/enums';
import type { OrganizationDraft } from './organizationDrafts';

/** An organisation's fields, the same for a new one and one being edited; a refusal shows under its field. */
export function OrganizationDraftFields({ form }: { form: UseFormReturnType<OrganizationDraft> }) {
  return (
    <>
      <TextInput size="xs" label="Name" {...form.getInputProps('name')} w={220} />
      <Select size="xs" label="Type" clearable {...form.getInputProps('type')} data={[...ORGANIZATION_TYPES]} w={130} />
      <TextInput size="xs" label="E-mail domains" placeholder="example.com, example.co.uk" {...form.getInputProps('domains')} w={280} />
      <Checkbox size="xs" label="Subscribed" {...form.getInputProps('subscribed', { type: 'checkbox' })} />
    </>
  );
}
