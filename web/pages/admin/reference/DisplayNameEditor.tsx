import { Alert, Button, Card, Group, Text, TextInput } from '@mantine/core';
import type { DisplayNameSubject, DisplayNameSubjectRow } from '@common/api/adminDisplayNames';
import { DisplayNamePreviewRows } from './DisplayNamePreviewRows';
import { useDisplayNameEditor } from './useAdminDisplayName';

/** Types a subject's name in tables, previews the rows it changes, then saves it. */
export function DisplayNameEditor({
  type,
  subject,
  onDone,
}: {
  type: DisplayNameSubject;
  subject: DisplayNameSubjectRow;
  onDone: () => Promise<unknown>;
}) {
  const { nameInput, preview, previewed, busy, error, askPreview, save } = useDisplayNameEditor(type, subject, onDone);
  return (
    <Card withBorder padding="sm" data-testid="display-name-editor">
      <Text size="sm" mb="xs">
        {subject.label}: reference name “{subject.referenceName}”{subject.override ? `, shown as “${subject.override}”` : ''}
      </Text>
      <Group align="end" gap="xs">
        <TextInput size="xs" w={360} label="Name in tables" {...nameInput} data-testid="display-name-input" />
        <Button size="xs" variant="default" loading={busy === 'preview'} data-testid="display-name-preview" onClick={askPreview}>
          Preview
        </Button>
        <Button
          size="xs"
          disabled={!previewed}
          title={previewed ? undefined : 'Preview first'}
          loading={busy === 'save'}
          data-testid="display-name-save"
          onClick={save}
        >
          Save
        </Button>
      </Group>
      {error && (
        <Alert color="red" mt="xs">
          {error}
        </Alert>
      )}
      {preview && <DisplayNamePreviewRows preview={preview} />}
    </Card>
  );
}
