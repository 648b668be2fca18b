import { Card, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import type { DisplayNameSubject } from '@common/api/adminDisplayNames';
import { SUBJECT_TYPES, searchPlaceholder } from './displayNameText';
import type { AdminDisplayNameState } from './useAdminDisplayName';

/** The kind and text to search by; the subjects found, until one is picked. */
export function DisplayNameSearch({ state }: { state: AdminDisplayNameState }) {
  const { type, chooseType, text, setText, q, subjects, subject, setSubject } = state;
  return (
    <>
      <Group>
        <SegmentedControl size="xs" data={SUBJECT_TYPES} value={type} onChange={(v) => chooseType(v as DisplayNameSubject)} />
        <TextInput
          size="xs"
          w={300}
          placeholder={searchPlaceholder(type)}
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
    </>
  );
}
