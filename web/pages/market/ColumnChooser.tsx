import { Button, Checkbox, Popover, SimpleGrid, Stack, Text } from '@mantine/core';
import { TENOR_BUCKET_IDS, type TenorBucket } from '@common/market';
import { SLOPE_OPTIONS } from './marketView';

/** Which tenor buckets and slopes the grid shows (saved as `market` preferences, 1 s debounce). */
export function ColumnChooser({
  tenors,
  slopes,
  onChange,
}: {
  tenors: TenorBucket[];
  slopes: string[];
  onChange: (next: { visibleTenors?: string[]; visibleSlopeTenors?: string[] }) => void;
}) {
  return (
    <Popover position="bottom-end" withinPortal shadow="md">
      <Popover.Target>
        <Button size="compact-xs" variant="default" data-testid="tenor-chooser">
          Columns…
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Text size="xs" fw={600}>
            Tenor buckets
          </Text>
          <Checkbox.Group
            value={tenors}
            onChange={(v) => v.length > 0 && onChange({ visibleTenors: TENOR_BUCKET_IDS.filter((t) => v.includes(t)) })}
          >
            <SimpleGrid cols={4} spacing={6} verticalSpacing={4}>
              {TENOR_BUCKET_IDS.map((t) => (
                <Checkbox key={t} size="xs" value={t} label={t} data-testid={`tenor-toggle-${t}`} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Text size="xs" fw={600} mt={4}>
            Slopes (yield and spread)
          </Text>
          <Checkbox.Group value={slopes} onChange={(v) => onChange({ visibleSlopeTenors: SLOPE_OPTIONS.filter((s) => v.includes(s)) })}>
            <SimpleGrid cols={2} spacing={6} verticalSpacing={4}>
              {SLOPE_OPTIONS.map((s) => (
                <Checkbox key={s} size="xs" value={s} label={s} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
