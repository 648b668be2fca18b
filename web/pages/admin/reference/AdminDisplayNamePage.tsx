/**
 * /bw/admin/display-name: the admins' overrides of how issuers and bonds are named in tables.
 * Find an issuer (ticker or name) or a bond (CUSIP or description), type the name, preview the
 * bond-table rows it changes (before → after), then save; the bond table and issuer search show it
 * within a second. Overrides in force are listed below, each removable. docs/admin.md.
 * The data and calls live in useAdminDisplayName.ts; the search, editor and list in their own files.
 */
import { Stack, Text } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle';
import { DisplayNameEditor } from './DisplayNameEditor';
import { DisplayNameOverrides } from './DisplayNameOverrides';
import { DisplayNameSearch } from './DisplayNameSearch';
import { useAdminDisplayName } from './useAdminDisplayName';

export default function AdminDisplayNamePage() {
  const state = useAdminDisplayName();
  const { type, subject, saved } = state;
  return (
    <Stack gap="sm" data-testid="admin-display-name-page">
      <PageTitle />
      <Text size="sm" c="dimmed">
        An issuer&apos;s name here replaces its display name in the bond table (Display name and Issuer columns), issuer search and pages; a
        bond&apos;s replaces its description. The reference data is kept, and a re-import does not undo an override.
      </Text>
      <DisplayNameSearch state={state} />
      {/* Keyed by subject, so picking another one starts from its own name with no stale preview. */}
      {subject && <DisplayNameEditor key={`${type}-${subject.subjectId}`} type={type} subject={subject} onDone={saved} />}
      <DisplayNameOverrides state={state} />
    </Stack>
  );
}
