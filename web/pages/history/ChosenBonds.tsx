/** The search box and a badge per chosen bond (its colour on the chart, a link to its page, remove). */
import { Anchor, Badge, Card, CloseButton, Group } from '@mantine/core';
import { Link } from 'react-router';
import { BondSearch } from './BondSearch';
import { bondColor, MAX_BONDS } from './historyCompare';
import type { HistoryPageState } from './useHistoryPage';

export function ChosenBonds({ state: { ids, details, setIds } }: { state: HistoryPageState }) {
  return (
    <Card withBorder padding="sm">
      <Group gap="xs" align="center">
        <BondSearch disabled={ids.length >= MAX_BONDS} onPick={(id) => !ids.includes(id) && setIds([...ids, id])} />
        {ids.map((id, i) => {
          const d = details.get(id);
          return (
            <Badge
              key={id}
              size="lg"
              variant="light"
              tt="none"
              color="gray"
              data-testid="history-bond"
              leftSection={<span style={{ width: 8, height: 8, borderRadius: 4, background: bondColor(i), display: 'inline-block' }} />}
              rightSection={
                <CloseButton size="xs" aria-label={`Remove ${d?.description ?? id}`} onClick={() => setIds(ids.filter((x) => x !== id))} />
              }
            >
              <Anchor component={Link} to={`/bw/bond/${id}/history`} size="xs" c="inherit">
                {d?.description ?? `#${id}`}
              </Anchor>
            </Badge>
          );
        })}
      </Group>
    </Card>
  );
}
