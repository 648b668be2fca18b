/** Today's analytics card: the evaluated price and what the server computed from it. */
import { Card, Group, Stack, Text } from '@mantine/core';
import { type BondDetailResponse } from '@common/api/bond';
import { formatDay, formatNumber, formatSize, formatDate } from '@common/format';
import { Value } from '../../../components/Value';
import { Fact } from './BondFacts';
import { noFutureCallText } from './bondFactsView';

/** Today's analytics as the server computed them (the evaluated price and what follows from it). */
export function TodaysAnalytics({ detail }: { detail: BondDetailResponse }) {
  const a = detail.analytics;
  if (!a)
    return (
      <Card withBorder padding="sm">
        <Text size="sm" c="dimmed">
          Not priced yet.
        </Text>
      </Card>
    );
  return (
    <Card withBorder padding="sm" data-testid="server-analytics">
      <Group justify="space-between" mb={6}>
        <Text fw={600} size="sm">
          Today's analytics
        </Text>
        {detail.lineage && (
          <Text size="xs" c="dimmed">
            {detail.lineage.kind === 'eod' ? 'close' : 'intraday'} · {formatDate(detail.lineage.asOf)}
          </Text>
        )}
      </Group>
      <Stack gap={3}>
        <Fact
          label="Settlement"
          value={formatDay(detail.settlementDate)}
          help="T+1: the next settlement day after the pricing day"
          testId="server-settlement"
        />
        <Fact
          label="Price"
          value={<Value kind="price" value={a.price} />}
          help="Evaluated clean price, per 100 face"
          testId="server-price"
          raw={a.price}
        />
        <Fact label="Δ Price" value={<Value kind="price" value={a.changePrice} signed />} help="vs previous close, points" />
        <Fact
          label="Yield to maturity"
          value={<Value kind="yield" value={a.yieldToMaturity} />}
          help="%"
          testId="server-ytm"
          raw={a.yieldToMaturity}
        />
        {a.yieldToCall !== null && (
          <Fact
            label="Yield to call"
            value={<Value kind="yield" value={a.yieldToCall} />}
            help={`% to the next call (${formatDay(a.nextCallDate)})`}
          />
        )}
        {a.yieldToCall === null && detail.callSchedule.length > 0 && (
          <Fact
            label="Next call"
            value={noFutureCallText(detail.callSchedule)}
            help="Why there is no yield to call"
            testId="no-future-call"
          />
        )}
        <Fact
          label="Yield to worst"
          value={<Value kind="yield" value={a.yieldToWorst} />}
          help="%"
          testId="server-ytw"
          raw={a.yieldToWorst}
        />
        <Fact label="Δ YTW" value={<Value kind="yieldChange" value={a.changeYTW} />} help="bp vs previous close" />
        <Fact
          label="G-spread"
          value={<Value kind="spread" value={a.gSpread} signed={false} />}
          help="bp over the interpolated Treasury curve"
        />
        <Fact
          label={`T-spread${a.treasury ? ` (${a.treasury})` : ''}`}
          value={<Value kind="spread" value={a.tSpread} signed={false} />}
          help="bp over the benchmark Treasury"
        />
        {a.discountMargin !== null && (
          <Fact label="Discount margin" value={<Value kind="spread" value={a.discountMargin} signed={false} />} help="bp over the index" />
        )}
        {detail.floater && (
          <Fact
            label="Current coupon"
            value={<Value kind="yield" value={detail.floater.currentCoupon} />}
            help={`%: index fixed ${formatDay(detail.floater.lastResetDate)} + margin; resets ${formatDay(detail.floater.nextResetDate)}`}
            testId="server-current-coupon"
          />
        )}
        <Fact label="Modified duration to maturity" value={formatNumber(a.duration, 3)} help="years" />
        <Fact label="DV01 to maturity" value={formatNumber(a.dv01, 4)} help="per 100 face, for 1 bp" />
        {a.nextCallDate !== null && (
          <>
            <Fact
              label="Modified duration to worst"
              value={formatNumber(a.durationToWorst, 3)}
              help="years, to the yield-to-worst date"
              testId="server-duration-worst"
            />
            <Fact label="DV01 to worst" value={formatNumber(a.dv01ToWorst, 4)} help="per 100 face, for 1 bp, to the worst date" />
            <Fact
              label="Convexity to worst"
              value={formatNumber(a.convexityToWorst, 2)}
              help="years squared, to the yield-to-worst date"
              testId="server-convexity-worst"
              raw={a.convexityToWorst}
            />
          </>
        )}
        <Fact label="Current yield" value={<Value kind="yield" value={a.currentYield} />} help="%" />
        <Fact label="MMY (360)" value={<Value kind="yield" value={a.moneyMarketYield360} />} help="money-market yield, 360-day basis, %" />
        <Fact label="Confidence" value={formatNumber(a.confidence, 0)} help="0–100" />
        <Fact label="Volume today" value={formatSize(a.volume)} help="USD par: MM = millions, K = thousands" />
      </Stack>
    </Card>
  );
}
