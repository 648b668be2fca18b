import { Checkbox, Select, TextInput } from '@mantine/core';
import { ORGANIZATION_TYPES, type OrganizationType } from '@common/enums';
import type { OrganizationDraft } from './organizationDrafts';

/** An organisation's fields, the same for a new one and one being edited. */
export function OrganizationDraftFields({ draft, onChange }: { draft: OrganizationDraft; onChange: (d: OrganizationDraft) => void }) {
  return (
    <>
      <TextInput size="xs" label="Name" value={draft.name} onChange={(e) => onChange({ ...draft, name: e.currentTarget.value })} w={220} />
      <Select
        size="xs"
        label="Type"
        clearable
        value={draft.type}
        onChange={(v) => onChange({ ...draft, type: v as OrganizationType | null })}
        data={[...ORGANIZATION_TYPES]}
        w={130}
      />
      <TextInput
        size="xs"
        label="E-mail domains"
        placeholder="example.com, example.co.uk"
        value={draft.domains}
        onChange={(e) => onChange({ ...draft, domains: e.currentTarget.value })}
        w={280}
      />
      <Checkbox
        size="xs"
        label="Subscribed"
        checked={draft.subscribed}
        onChange={(e) => onChange({ ...draft, subscribed: e.currentTarget.checked })}
      />
    </>
  );
}
