import { Badge, Button, Card, Group, Text } from '@mantine/core';
import type { Commentary } from '@common/api/commentary';
import { formatDate } from '@common/format';
import { SafeHtml } from '../../components/content/SafeHtml';
import { isScheduled } from './commentaryView';

/** One saved note as readers see it, with its date, author, a "scheduled" badge, and Edit/Delete. */
export function CommentaryItem({
  commentary: c,
  now,
  onEdit,
  onDelete,
}: {
  commentary: Commentary;
  now: number;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card withBorder padding="sm" data-testid="commentary-item">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={600}>{c.headline}</Text>
          <Text size="xs" c="dimmed">
            {formatDate(c.publishAt)}
            {c.author ? ` · ${c.author}` : ''}
            {isScheduled(c, now) && (
              <Badge size="xs" ml={6} variant="light">
                scheduled
              </Badge>
            )}
          </Text>
        </div>
        <Group gap={4}>
          <Button size="compact-xs" variant="subtle" onClick={onEdit}>
            Edit
          </Button>
          <Button size="compact-xs" variant="subtle" color="red" onClick={onDelete}>
            Delete
          </Button>
        </Group>
      </Group>
      <Text size="sm" component="div">
        <SafeHtml html={c.html} />
      </Text>
    </Card>
  );
}
