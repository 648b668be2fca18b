import { Alert, Button, Card, Checkbox, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { AdminSector } from '@common/api/adminSectors';
import { sectorOptions } from './sectorOptions';
import { useIndustryIssuers } from './useAdminSectors';

/** The picked industry's issuers, to tick and move to another industry. */
export function IndustryIssuers({ industry, sectors }: { industry: AdminSector; sectors: AdminSector[] }) {
  const { issuers, list, checked, tick, target, setTarget, busy, error, move } = useIndustryIssuers(industry);
  return (
    <Card withBorder padding="sm" data-testid="industry-issuers">
      <Title order={2} size="h5" mb="xs">
        Issuers in {industry.name} ({issuers.data?.total ?? '…'})
      </Title>
      <Group align="end" gap="xs" mb="xs">
        <Select
          size="xs"
          w={260}
          label="Move the ticked issuers to"
          searchable
          data={sectorOptions(sectors).map((g) => ({ ...g, items: g.items.filter((i) => i.value !== String(industry.id)) }))}
          value={target}
          onChange={setTarget}
        />
        <Button size="xs" disabled={checked.length === 0 || target === null} loading={busy === 'move'} onClick={() => void move()}>
          Move {checked.length || ''}
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      <Stack gap={2}>
        {list.map((i) => (
          <Checkbox
            key={i.id}
            size="xs"
            label={`${i.ticker} — ${i.displayName}`}
            checked={checked.includes(i.id)}
            onChange={(e) => tick(i.id, e.currentTarget.checked)}
          />
        ))}
        {issuers.data && issuers.data.total > list.length && (
          <Text size="xs" c="dimmed">
            The first {list.length} shown.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
