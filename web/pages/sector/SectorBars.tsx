import { Group, Stack, Text } from '@mantine/core';
import { changeTone, TONE_COLOR } from '../../components/tone';
import { measureText, type Measure, type Stats } from './sectorStats';

/** Horizontal bars of one measure per sector (diverging around zero for changes); a click drills in. */
export function SectorBars({
  sectors,
  measure,
  selected,
  onSelect,
}: {
  sectors: Stats[];
  measure: Measure;
  selected: string | null;
  onSelect: (code: string) => void;
}) {
  const values = sectors.map((s) => s[measure] as number | null);
  const max = Math.max(...values.map((v) => Math.abs(v ?? 0)), 1e-12);
  const diverging = measure === 'spreadChange';
  const sorted = [...sectors].sort((a, b) => ((b[measure] as number | null) ?? -Infinity) - ((a[measure] as number | null) ?? -Infinity));
  return (
    <Stack gap={3} data-testid="sector-bars" role="img" aria-label={`Sectors by ${measure}`}>
      {sorted.map((s) => {
        const v = s[measure] as number | null;
        const width = v === null ? 0 : (Math.abs(v) / max) * (diverging ? 50 : 100);
        const tone = diverging ? changeTone('spread', v) : undefined;
        const color = tone ? TONE_COLOR[tone] : s.code === selected ? 'var(--mantine-color-orange-5)' : 'var(--mantine-color-blue-7)';
        return (
          <Group
            key={s.code}
            gap={6}
            wrap="nowrap"
            className="bw-clickable"
            onClick={() => onSelect(s.code)}
            data-testid={`sector-bar-${s.code}`}
          >
            <Text size="xs" w={150} truncate fw={s.code === selected ? 700 : 400}>
              {s.name}
            </Text>
            <div style={{ position: 'relative', flex: 1, height: 14 }}>
              {diverging && (
                <div
                  style={{ position: 'absolute', left: '50%', top: 0, bottom: 0, width: 1, background: 'var(--mantine-color-dark-3)' }}
                />
              )}
              <div
                style={{
                  position: 'absolute',
                  top: 2,
                  height: 10,
                  width: `${width}%`,
                  left: diverging ? ((v ?? 0) >= 0 ? '50%' : `${50 - width}%`) : 0,
                  background: color,
                  borderRadius: 1,
                }}
              />
            </div>
            <Text size="xs" w={80} ta="right" className="bw-stat">
              {measureText(measure, v)}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
