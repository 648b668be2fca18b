/**
 * The market summary's "Platform commentary" panel: the latest note the Bondwise team published
 * (GET /v2/commentary; scheduled notes appear when due), and earlier notes as a history list
 * that pages back through all of them.
 */
import { Accordion, Button, Card, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { COMMENTARY_PATHS, type CommentaryList } from '@common/api/commentary';
import { formatDate } from '@common/format';
import { useApiQuery } from '../../api/queries';
import { SafeHtml } from '../../components/content/SafeHtml';

const EARLIER_PAGE = 5;

export function CommentaryPanel() {
  const [earlierCount, setEarlierCount] = useState(EARLIER_PAGE);
  const list = useApiQuery<CommentaryList>(COMMENTARY_PATHS.list, {
    query: { pageSize: 1 + earlierCount },
    refetchInterval: 60_000,
    placeholderData: (previous) => previous,
  });
  const [latest, ...earlier] = list.data?.items ?? [];
  return (
    <Card withBorder padding="sm" data-testid="platform-commentary">
      <Text fw={600} size="sm" mb={4}>
        Platform commentary
      </Text>
      {list.data && !latest && (
        <Text size="xs" c="dimmed" data-testid="commentary-empty">
          No commentary has been published yet.
        </Text>
      )}
      {latest && (
        <div data-testid="commentary-latest">
          <Text size="sm" fw={600}>
            {latest.headline}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDate(latest.publishAt)}
            {latest.author ? ` · ${latest.author}` : ''}
          </Text>
          <Text size="sm" component="div">
            <SafeHtml html={latest.html} testId="commentary-body" />
          </Text>
        </div>
      )}
      {earlier.length > 0 && (
        <>
          <Text size="xs" fw={600} mt="xs">
            Earlier commentary
          </Text>
          <Accordion variant="contained" chevronPosition="left" data-testid="commentary-history">
            {earlier.map((c) => (
              <Accordion.Item key={c.id} value={String(c.id)}>
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="xs">{c.headline}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDate(c.publishAt)}
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm" component="div">
                    <SafeHtml html={c.html} />
                  </Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          {list.data && list.data.total > 1 + earlier.length && (
            <Button size="compact-xs" variant="subtle" mt={4} onClick={() => setEarlierCount((n) => n + EARLIER_PAGE)}>
              Show more
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
