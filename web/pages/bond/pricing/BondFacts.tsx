/** The bond page's two fact cards: the bond's terms, and today's analytics from the server. */
import { Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { type BondDetailResponse } from '@common/api/bond';
import { sourceLabel } from '@common/market';
import { glossaryTooltip, TERMS_GLOSSARY } from '@common/glossary';
import { formatDay, formatNumber, formatPrice, formatSize, formatYield, formatDate } from '@common/format';
import { Value } from '../../../components/Value';
import { SimpleTable, type Column } from '../../../components/SimpleTable';

/** A label/value line of a facts card; `value` is already formatted. */
/**
 * A callable bond with no call date ahead says why instead of showing a dash: every scheduled
 * call date has passed, so the issuer may call it on any coupon date from now on (the last call
 * price applies); yield to worst is then the yield to maturity or to the next coupon date.
 */
/** Price per 100 in the bond screens' number font, as the facts beside it. */
const CALL_SCHEDULE_COLUMNS: Column<BondDetailResponse['callSchedule'][number]>[] = [
  { header: 'Date', field: 'date', kind: 'day' },
  { header: 'Price (per 100)', field: 'price', kind: 'price', className: 'bw-num' },
];

export function noFutureCallText(schedule: ReadonlyArray<{ date: string; price: number }>): string {
  const last = [...schedule].sort((a, b) => (a.date < b.date ? -1 : 1)).at(-1)!;
  return `Call period started ${formatDay(last.date)}: callable any time at ${formatPrice(last.price)}`;
}

/**
 * The make-whole call beside the call schedule, as desks write it: its spread over Treasuries and
 * the day it runs until (the par call date, else maturity).
 */
export function makeWholeText(makeWhole: NonNullable<BondDetailResponse['makeWhole']>): string {
  const bp = formatNumber(makeWhole.spreadBp, Number.isInteger(makeWhole.spreadBp) ? 0 : 1);
  return `Make-whole call at T+${bp} bp until ${formatDay(makeWhole.until)}`;
}

/** A label/value line of a facts card; `value` is already formatted. */
export function Fact({
  label,
  value,
  help,
  testId,
  raw,
}: {
  label: string;
  value: React.ReactNode;
  help?: string;
  testId?: string;
  raw?: number | null;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Tooltip label={help} disabled={!help} openDelay={300} withinPortal>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
      </Tooltip>
      <Text size="sm" className="bw-num-cell" data-testid={testId} data-value={raw ?? undefined}>
        {value}
      </Text>
    </Group>
  );
}

/** The bond's terms as stored. */
export function Terms({ detail }: { detail: BondDetailResponse }) {
  const t = detail.terms;
  return (
    <Card withBorder padding="sm" data-testid="bond-terms">
      <Text fw={600} size="sm" mb={6}>
        Terms
      </Text>
      <Stack gap={3}>
        <Fact
          label="Coupon"
          value={
            t.couponType === 'floating'
              ? `${t.floaterIndex ?? 'Index'} + ${formatNumber((t.quotedMargin ?? 0) * 1e4, 1)} bp`
              : formatYield(t.coupon)
          }
          help="Annual coupon rate, % (floaters: index + quoted margin, bp)"
        />
        <Fact label="Type" value={t.couponType} />
        <Fact label="Frequency" value={`${t.frequency}× a year`} />
        <Fact label="Day count" value={t.dayCount} />
        <Fact label="Issue date" value={formatDay(t.issueDate)} />
        <Fact label="First coupon" value={formatDay(t.firstCouponDate)} />
        <Fact label="Maturity" value={formatDay(t.maturityDate)} />
        <Fact label="Amount issued" value={formatSize(t.amountIssued)} help="USD par: MM = millions, K = thousands" />
        <Fact label="Outstanding" value={formatSize(t.amountOutstanding)} help="USD par: MM = millions, K = thousands" />
        <Fact label="Seniority" value={t.seniority} />
        <Fact label="Tenor at issue" value={`${t.tenorAtIssue}Y`} />
        <Fact label="Currency" value={t.currency} />
        <Fact label="Country / structure" value={`${detail.issuer.countryOfRisk} · ${detail.issuer.corporateStructure}`} />
        <Fact label="Benchmark" value={t.isBenchmark ? 'Yes' : 'No'} />
        <Fact label="Source" value={sourceLabel(t.source)} testId="bond-source" help="Where this bond's terms and prints come from" />
        {t.notPricedReason && (
          <Fact
            label="Not priced"
            value={t.notPricedReason}
            testId="bond-not-priced"
            help="Shown but not given an evaluated price: no price beats a wrong one"
          />
        )}
      </Stack>
      {detail.callSchedule.length > 0 && (
        <>
          <Text fw={600} size="sm" mt="sm" mb={4}>
            Call schedule
          </Text>
          <SimpleTable
            rows={detail.callSchedule}
            columns={CALL_SCHEDULE_COLUMNS}
            rowKey={(c) => c.date}
            fz="xs"
            verticalSpacing={2}
            testId="call-schedule"
          />
        </>
      )}
      {detail.makeWhole && (
        <Tooltip label={glossaryTooltip(TERMS_GLOSSARY.makeWhole)} multiline w={320} openDelay={300} withinPortal>
          <Text size="xs" mt={detail.callSchedule.length > 0 ? 6 : 'sm'} data-testid="make-whole">
            {makeWholeText(detail.makeWhole)}
          </Text>
        </Tooltip>
      )}
    </Card>
  );
}

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
