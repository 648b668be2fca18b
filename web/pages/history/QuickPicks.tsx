/** Nothing chosen yet on /bw/history: say what the page does and offer today's most active bonds. */
import { Button, Group, Stack, Text } from '@mantine/core';
import { MARKET_PATHS, type MarketSummaryResponse } from '@common/api/market';
import { useApiQuery } from '../../api/queries';
import { MAX_BONDS } from './historyCompare';

export function QuickPicks({ onPick }: { onPick: (id: number) => void }) {
  const summary = useApiQuery<MarketSummaryResponse>(MARKET_PATHS.marketSummary, { query: { metric: 'spread' } });
  const bonds = summary.data?.mostActive.slice(0, 8) ?? [];
  return (
    <Stack gap={4} data-testid="history-none">
      <Text size="sm" c="dimmed">
        Search for a bond to see its price, yield, spread and confidence history with its trades; add up to {MAX_BONDS} to compare them.
      </Text>
      {bonds.length > 0 && (
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            Most active today:
          </Text>
          {bonds.map((b) => (
            <Button key={b.id} size="compact-xs" variant="default" onClick={() => onPick(b.id)} data-testid="history-quick-pick">
              {b.description}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
