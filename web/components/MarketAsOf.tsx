/**
 * How current the market figures on a screen are, said plainly: "Live" with the time of the last
 * evaluation, the close they are ("Close of Nov 20, 2026"), or "Delayed" with the time when the
 * figures are older than a live market would leave them (FULL_REPRICE_INTERVAL_MS, twice).
 */
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { closeDayOf } from '@common/calendar';
import { FULL_REPRICE_INTERVAL_MS } from '@common/constants';
import { formatDate, formatDay, formatTime } from '@common/format';

export type Freshness = { kind: 'none' } | { kind: 'close'; day: string } | { kind: 'live'; at: Date } | { kind: 'delayed'; at: Date };

/** Figures stamped later than this before now count as live (clocks a little apart included). */
export const LIVE_WINDOW_MS = 2 * FULL_REPRICE_INTERVAL_MS;

export function marketFreshness(asOf: string | null, nowMs: number): Freshness {
  if (!asOf) return { kind: 'none' };
  const at = new Date(asOf);
  if (Number.isNaN(at.getTime())) return { kind: 'none' };
  const day = closeDayOf(at);
  if (day) return { kind: 'close', day };
  return nowMs - at.getTime() <= LIVE_WINDOW_MS ? { kind: 'live', at } : { kind: 'delayed', at };
}

const NEW_YORK = 'America/New_York';

export function freshnessText(f: Freshness): string {
  switch (f.kind) {
    case 'none':
      return 'no prices yet';
    case 'close':
      return `Close of ${formatDay(f.day)}`;
    case 'live':
      return `as of ${formatTime(f.at, NEW_YORK)} ET`;
    case 'delayed':
      return `as of ${formatDate(f.at, NEW_YORK)} ET`;
  }
}

/** The line a market screen shows beside its figures; `liveHint` explains what "Live" refreshes. */
export function MarketAsOf({ asOf, liveHint, nowMs = Date.now() }: { asOf: string | null; liveHint?: string; nowMs?: number }) {
  const f = marketFreshness(asOf, nowMs);
  return (
    <Group gap={6} wrap="nowrap" data-testid="market-as-of" data-freshness={f.kind}>
      <Text size="xs" c="dimmed">
        {freshnessText(f)}
      </Text>
      {f.kind === 'live' && (
        <Tooltip label={liveHint ?? 'Evaluated prices of the live market, repriced as it trades and as the Treasury curve moves.'}>
          <Badge size="xs" variant="dot" color="teal">
            Live
          </Badge>
        </Tooltip>
      )}
      {f.kind === 'delayed' && (
        <Tooltip label="These figures are older than the live market would leave them: the market feed has not updated since.">
          <Badge size="xs" variant="light" color="orange">
            Delayed
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
