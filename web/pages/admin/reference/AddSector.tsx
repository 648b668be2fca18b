import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { AdminSector } from '@common/api/adminSectors';
import { parentSectorOptions } from './sectorTree';
import { useAddSector } from './useAdminSectors';

/** Adds a sector, or an industry when a sector is chosen under "Under". */
export function AddSector({ sectors }: { sectors: AdminSector[] }) {
  const form = useAddSector();
  return (
    <Stack gap={4}>
      <Group align="end" gap="xs">
        <TextInput size="xs" w={110} label="Code" value={form.code} onChange={(e) => form.setCode(e.currentTarget.value)} />
        <TextInput size="xs" w={200} label="Name" value={form.name} onChange={(e) => form.setName(e.currentTarget.value)} />
        <Select
          size="xs"
          w={200}
          label="Under"
          clearable
          placeholder="(a new sector)"
          data={parentSectorOptions(sectors)}
          value={form.parent}
          onChange={form.setParent}
        />
        <Button size="xs" loading={form.busy === 'add'} onClick={() => void form.add()}>
          Add
        </Button>
      </Group>
      {form.error && (
        <Text size="xs" c="red">
          {form.error}
        </Text>
      )}
    </Stack>
  );
}
