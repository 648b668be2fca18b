/**
 * The bond page's terms card and the label/value line the fact cards share; today's analytics
 * card is in TodaysAnalytics.tsx, the texts in bondFactsView.ts.
 */
import { Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { type BondDetailResponse } from '@common/api/bond';
import { sourceLabel } from '@common/market';
import { glossaryTooltip, TERMS_GLOSSARY } from '@common/glossary';
import { formatDay, formatSize } from '@common/format';
import { SimpleTable } from '../../../components/SimpleTable';
import { CALL_SCHEDULE_COLUMNS, couponText, makeWholeText } from './bondFactsView';

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
        <Fact label="Coupon" value={couponText(t)} help="Annual coupon rate, % (floaters: index + quoted margin, bp)" />
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
