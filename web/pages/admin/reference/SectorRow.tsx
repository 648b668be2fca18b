import { Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import type { AdminSector } from '@common/api/adminSectors';
import { useSectorRowEdit } from './useAdminSectors';

/** A sector (bold) or an industry (indented) with its issuer count; clicking an industry's name picks it. */
export function SectorRow({
  s,
  sectors,
  selected,
  onSelect,
}: {
  s: AdminSector;
  sectors: AdminSector[];
  selected: boolean;
  onSelect: () => void;
}) {
  const edit = useSectorRowEdit(s, sectors);
  const isSector = s.parentId === null;
  return (
    <Table.Tr
      data-testid="sector-row"
      data-code={s.code}
      aria-selected={selected}
      bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
    >
      <Table.Td pl={isSector ? 'xs' : 'xl'} fw={isSector ? 600 : 400}>
        {edit.name === null ? (
          <Text span size="sm" style={{ cursor: isSector ? undefined : 'pointer' }} onClick={isSector ? undefined : onSelect}>
            {s.name}
          </Text>
        ) : (
          <Group gap={4}>
            <TextInput
              size="xs"
              value={edit.name}
              onChange={(e) => edit.setName(e.currentTarget.value)}
              aria-label={`New name of ${s.code}`}
            />
            <Button size="compact-xs" loading={edit.busy === 'rename'} onClick={edit.save}>
              Save
            </Button>
          </Group>
        )}
        {edit.error && (
          <Text size="xs" c="red">
            {edit.error}
          </Text>
        )}
      </Table.Td>
      <Table.Td ff="monospace">{s.code}</Table.Td>
      <Table.Td ta="right">{edit.count}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="subtle" onClick={edit.toggleRename}>
            {edit.name === null ? 'Rename' : 'Cancel'}
          </Button>
          {!isSector && (
            <Select
              size="xs"
              w={150}
              aria-label={`Sector of ${s.code}`}
              data={edit.parentOptions}
              value={String(s.parentId)}
              onChange={(v) => v && edit.move(Number(v))}
            />
          )}
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            disabled={!edit.deletable}
            title={edit.deletable ? undefined : 'Only an empty sector or industry can be deleted'}
            loading={edit.busy === 'delete'}
            onClick={edit.remove}
          >
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
