/** The bond table's column chooser: which columns are shown; the order is set by dragging headers. */
import { Button, Checkbox, Group, Popover, ScrollArea, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import type { BondTableColumn } from '@common/enums';
import { useFeature } from '../../features/useFeature';
import { BOND_COLUMNS, columnTooltip, DEFAULT_VISIBLE_COLUMNS } from './columns';
import type { BondView } from './bondView';
import { toggledColumns } from './bondToolbarView';

export function ColumnChooser({
  view,
  available,
  onChange,
}: {
  view: BondView;
  available: readonly BondTableColumn[];
  onChange: (view: BondView) => void;
}) {
  const glossaryTips = useFeature('tooltips');
  const ordered = view.order.filter((c) => available.includes(c));
  const visible = view.visible.filter((c) => available.includes(c));
  const set = (columns: BondTableColumn[]) => onChange({ ...view, visible: columns });
  return (
    <Popover position="bottom-end" shadow="md" withinPortal width={520}>
      <Popover.Target>
        <Button size="xs" variant="default" data-testid="column-chooser">
          Columns ({visible.length}/{ordered.length})
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="column-chooser-panel">
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              Shown columns; drag headers in the table to reorder.
            </Text>
            <Group gap={4}>
              <Button size="compact-xs" variant="subtle" onClick={() => set([...ordered])}>
                All
              </Button>
              <Button size="compact-xs" variant="subtle" onClick={() => set(DEFAULT_VISIBLE_COLUMNS.filter((c) => available.includes(c)))}>
                Default
              </Button>
            </Group>
          </Group>
          <ScrollArea.Autosize mah={380}>
            <SimpleGrid cols={3} spacing={4} verticalSpacing={4}>
              {ordered.map((c) => (
                <Tooltip key={c} label={columnTooltip(c, glossaryTips)} openDelay={500} multiline w={320} withinPortal>
                  <Checkbox
                    size="xs"
                    label={BOND_COLUMNS[c].header}
                    checked={visible.includes(c)}
                    data-testid={`column-toggle-${c}`}
                    onChange={(e) => {
                      const next = toggledColumns(visible, c, e.currentTarget.checked);
                      if (next) set(next);
                    }}
                  />
                </Tooltip>
              ))}
            </SimpleGrid>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
