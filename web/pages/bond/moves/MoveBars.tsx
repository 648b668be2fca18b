import { Group, Stack, Text, Tooltip } from '@mantine/core';
import { useNavigate } from 'react-router';
import { toneClass, TONE_COLOR } from '../../../components/tone';
import { isGood, moveText, type Metric, type Move } from './bondMovesView';

/** A diverging bar per bond, scaled to the biggest move; a click opens the bond's pricing. */
export function MoveBars({ metric, moves }: { metric: Metric; moves: Move[] }) {
  const navigate = useNavigate();
  const max = Math.max(...moves.map((m) => Math.abs(m.change)), 1e-12);
  return (
    <Stack gap={2} data-testid="moves-chart" role="img" aria-label={`Biggest ${metric} moves`}>
      {moves.map((m) => {
        const width = (Math.abs(m.change) / max) * 50;
        const good = isGood(metric, m.change);
        const text = moveText(metric, m);
        return (
          <Group key={m.bondId} gap={6} wrap="nowrap" className="bw-clickable" onClick={() => navigate(`/bw/bond/${m.bondId}/pricing`)}>
            <Text size="xs" w={150} truncate title={m.description}>
              {m.description}
            </Text>
            <div style={{ position: 'relative', flex: 1, height: 14 }}>
              <div style={{ position: 'absolute', left: '50%', top: 0, bottom: 0, width: 1, background: 'var(--mantine-color-dark-3)' }} />
              <Tooltip label={`${m.description}: ${text.previous} → ${text.level} (${text.change})`} withinPortal openDelay={150}>
                <div
                  style={{
                    position: 'absolute',
                    top: 2,
                    height: 10,
                    width: `${width}%`,
                    left: m.change >= 0 ? '50%' : `${50 - width}%`,
                    background: TONE_COLOR[good ? 'good' : 'bad'],
                    borderRadius: 1,
                  }}
                />
              </Tooltip>
            </div>
            <Text size="xs" w={80} ta="right" className={`bw-num ${toneClass(metric, m.change)}`}>
              {text.change}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
