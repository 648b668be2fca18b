import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { AdminSector } from '@common/api/adminSectors';
import { parentSectorOptions } from './sectorTree';
import { useAddSector } from './useAdminSectors';

/** Adds a sector, or an industry when a sector is chosen under "Under". */
export function AddSector({ sectors }: { sectors: AdminSector[] }) {
  const { form, busy, error, submit } = useAddSector();
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={4}>
        <Group align="end" gap="xs">
          <TextInput size="xs" w={110} label="Code" {...form.getInputProps('code')} />
          <TextInput size="xs" w={200} label="Name" {...form.getInputProps('name')} />
          <Select
            size="xs"
            w={200}
            label="Under"
            clearable
            placeholder="(a new sector)"
            data={parentSectorOptions(sectors)}
            {...form.getInputProps('parentId')}
          />
          <Button type="submit" size="xs" loading={busy === 'add'}>
            Add
          </Button>
        </Group>
        {error && (
          <Text size="xs" c="red">
            {error}
          </Text>
        )}
      </Stack>
    </form>
  );
}
