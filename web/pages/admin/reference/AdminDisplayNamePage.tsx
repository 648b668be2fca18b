/**
 * /bw/admin/display-name: the admins' overrides of how issuers and bonds are named in tables.
 * Find an issuer (ticker or name) or a bond (CUSIP or description), type the name, preview the
 * bond-table rows it changes (before → after), then save; the bond table and issuer search show it
 * within a second. Overrides in force are listed below, each removable. docs/admin.md.
 */
import { Alert, Button, Card, Group, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ADMIN_DISPLAY_NAME_PATHS,
  type DisplayNamePreview,
  type DisplayNamesResponse,
  type DisplayNameSubject,
  type DisplayNameSubjectRow,
  type DisplayNameSubjectsResponse,
} from '@common/api/adminDisplayNames';
import { formatDate } from '@common/format';
import { api } from '../../../api/client';
import { useApiQuery } from '../../../api/queries';
import { PageTitle } from '../../../components/PageTitle';
import { useAdminAction } from '../useAdminAction';

function Editor({ type, subject, onDone }: { type: DisplayNameSubject; subject: DisplayNameSubjectRow; onDone: () => Promise<unknown> }) {
  const [name, setName] = useState(subject.override ?? subject.referenceName);
  const [preview, setPreview] = useState<DisplayNamePreview | null>(null);
  const { busy, error, run } = useAdminAction();
  const previewed = preview !== null && preview.proposedName === name.trim();
  return (
    <Card withBorder padding="sm" data-testid="display-name-editor">
      <Text size="sm" mb="xs">
        {subject.label}: reference name “{subject.referenceName}”{subject.override ? `, shown as “${subject.override}”` : ''}
      </Text>
      <Group align="end" gap="xs">
        <TextInput
          size="xs"
          w={360}
          label="Name in tables"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-testid="display-name-input"
        />
        <Button
          size="xs"
          variant="default"
          loading={busy === 'preview'}
          data-testid="display-name-preview"
          onClick={() =>
            void run('preview', async () =>
              setPreview(
                await api.post<DisplayNamePreview>(ADMIN_DISPLAY_NAME_PATHS.preview, {
                  subjectType: type,
                  subjectId: subject.subjectId,
                  displayName: name,
                }),
              ),
            )
          }
        >
          Preview
        </Button>
        <Button
          size="xs"
          disabled={!previewed}
          title={previewed ? undefined : 'Preview first'}
          loading={busy === 'save'}
          data-testid="display-name-save"
          onClick={() =>
            void run('save', async () => {
              await api.put(ADMIN_DISPLAY_NAME_PATHS.override({ subjectType: type, subjectId: subject.subjectId }), {
                displayName: name,
                version: subject.version,
              });
              await onDone();
            })
          }
        >
          Save
        </Button>
      </Group>
      {error && (
        <Alert color="red" mt="xs">
          {error}
        </Alert>
      )}
      {preview && (
        <Stack gap={4} mt="sm" data-testid="display-name-preview-rows">
          <Text size="xs" c="dimmed">
            {preview.bondCount} bond-table row(s) change
            {preview.bondCount > preview.rows.length ? `; the first ${preview.rows.length}` : ''}:
          </Text>
          <Table fz="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>CUSIP</Table.Th>
                <Table.Th>Issuer</Table.Th>
                <Table.Th>Display name</Table.Th>
                <Table.Th>Description</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.rows.map((r) => (
                <Table.Tr key={r.bondId}>
                  <Table.Td ff="monospace">{r.cusip}</Table.Td>
                  {(['issuer', 'displayName', 'description'] as const).map((k) => (
                    <Table.Td key={k}>
                      {r.before[k] === r.after[k] ? (
                        r.after[k]
                      ) : (
                        <>
                          <Text span size="xs" td="line-through" c="dimmed">
                            {r.before[k]}
                          </Text>{' '}
                          → <b>{r.after[k]}</b>
                        </>
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Card>
  );
}

export default function AdminDisplayNamePage() {
  const client = useQueryClient();
  const [type, setType] = useState<DisplayNameSubject>('issuer');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const [subject, setSubject] = useState<DisplayNameSubjectRow | null>(null);
  const { error, run } = useAdminAction();
  const subjects = useApiQuery<DisplayNameSubjectsResponse>(q ? ADMIN_DISPLAY_NAME_PATHS.subjects : null, { query: { type, q } });
  const overrides = useApiQuery<DisplayNamesResponse>(ADMIN_DISPLAY_NAME_PATHS.list, { query: { limit: 200 } });
  const refresh = () => client.invalidateQueries({ queryKey: ['api'] });
  return (
    <Stack gap="sm" data-testid="admin-display-name-page">
      <PageTitle />
      <Text size="sm" c="dimmed">
        An issuer&apos;s name here replaces its display name in the bond table (Display name and Issuer columns), issuer search and pages; a
        bond&apos;s replaces its description. The reference data is kept, and a re-import does not undo an override.
      </Text>
      <Group>
        <SegmentedControl
          size="xs"
          data={[
            { value: 'issuer', label: 'Issuer' },
            { value: 'bond', label: 'Bond' },
          ]}
          value={type}
          onChange={(v) => {
            setType(v as DisplayNameSubject);
            setSubject(null);
          }}
        />
        <TextInput
          size="xs"
          w={300}
          placeholder={type === 'issuer' ? 'Ticker or name' : 'CUSIP or description'}
          aria-label="Find"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          data-testid="display-name-search"
        />
      </Group>
      {q && subjects.data && !subject && (
        <Card withBorder padding="xs">
          {subjects.data.subjects.map((s) => (
            <Text
              key={s.subjectId}
              size="sm"
              style={{ cursor: 'pointer' }}
              onClick={() => setSubject(s)}
              data-testid="display-name-subject"
            >
              <b>{s.label}</b> {s.referenceName}
              {s.override && ` → ${s.override}`}
            </Text>
          ))}
          {subjects.data.subjects.length === 0 && (
            <Text size="sm" c="dimmed">
              Nothing found.
            </Text>
          )}
        </Card>
      )}
      {subject && (
        <Editor
          key={`${type}-${subject.subjectId}`}
          type={type}
          subject={subject}
          onDone={async () => {
            setSubject(null);
            await refresh();
          }}
        />
      )}
      <Card withBorder padding="xs">
        <Title order={2} size="h5" mb="xs">
          Overrides in force ({overrides.data?.total ?? '…'})
        </Title>
        {error && <Alert color="red">{error}</Alert>}
        <Table fz="sm" striped data-testid="display-name-overrides">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Label</Table.Th>
              <Table.Th>Reference name</Table.Th>
              <Table.Th>Shown as</Table.Th>
              <Table.Th>Changed</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {overrides.data?.overrides.map((o) => (
              <Table.Tr key={`${o.subjectType}-${o.subjectId}`}>
                <Table.Td>{o.subjectType}</Table.Td>
                <Table.Td ff="monospace">{o.label}</Table.Td>
                <Table.Td>{o.referenceName}</Table.Td>
                <Table.Td>{o.displayName}</Table.Td>
                <Table.Td>
                  {formatDate(o.updatedAt)} {o.updatedBy}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      void run(
                        'remove',
                        () =>
                          api.delete(ADMIN_DISPLAY_NAME_PATHS.override({ subjectType: o.subjectType, subjectId: o.subjectId }), {
                            query: { version: o.version },
                          }),
                        refresh,
                      )
                    }
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}
