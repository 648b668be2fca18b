/**
 * /bw/bond/{bondId}/pricing: the bond's terms and today's analytics from the API, and an
 * interactive calculator running the analytics engine in the browser — price → yield, spreads
 * and risk; yield or G-spread → price; what-if settlement date; yields to each call and to worst.
 * The calculator prices on the Treasury curve the server's analytics used (the bond detail's
 * `analyticsCurve`), not the market's latest one, so at the bond's own price it shows the same
 * yields and spreads as the analytics beside it.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BOND_PATHS, type BondDetailResponse } from '@common/api/bond';
import { formatDay, formatNumber, formatPrice, formatSize, formatSpread, formatYield, formatDate } from '@common/format';
import { useApiQuery } from '../../../api/queries';
import { apiErrorText } from '../../../api/errorText';
import { PageTitle } from '../../../components/PageTitle';
import { Value } from '../../../components/Value';
import { calculate, curveOf, prepareBond, type CalcResult, type Driver } from './calculator';
import '../bond.css';

/** A label/value line of a facts card; `value` is already formatted. */
/**
 * A callable bond with no call date ahead says why instead of showing a dash: every scheduled
 * call date has passed, so the issuer may call it on any coupon date from now on (the last call
 * price applies); yield to worst is then the yield to maturity or to the next coupon date.
 */
export function noFutureCallText(schedule: ReadonlyArray<{ date: string; price: number }>): string {
  const last = [...schedule].sort((a, b) => (a.date < b.date ? -1 : 1)).at(-1)!;
  return `Call period started ${formatDay(last.date)}: callable any time at ${formatPrice(last.price)}`;
}

function Fact({
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

export function BondHeader({ detail, active }: { detail: BondDetailResponse; active: 'pricing' | 'cashflow' | 'history' }) {
  const tab = (to: 'pricing' | 'cashflow' | 'history', label: string) => (
    <Button component={Link} to={`/bw/bond/${detail.id}/${to}`} size="compact-xs" variant={active === to ? 'filled' : 'default'}>
      {label}
    </Button>
  );
  return (
    <Group justify="space-between" align="flex-end" mb={4}>
      <Stack gap={0}>
        <Group gap="xs">
          <Title order={2} size="h3" data-testid="bond-description">
            {detail.description}
          </Title>
          {detail.ratings.moody && (
            <Badge variant="outline" size="sm" tt="none">
              {detail.ratings.moody}
            </Badge>
          )}
          {detail.ratings.sp && (
            <Badge variant="outline" size="sm" color="gray" tt="none">
              {detail.ratings.sp}
            </Badge>
          )}
          {detail.terms.couponType === 'floating' && (
            <Badge size="sm" color="grape">
              FRN
            </Badge>
          )}
          {detail.callSchedule.length > 0 && (
            <Badge size="sm" color="yellow">
              Callable
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {detail.issuer.name} · CUSIP {detail.cusip} · ISIN {detail.isin} · {detail.issuer.sector?.name ?? detail.issuer.industry.name}
        </Text>
      </Stack>
      <Group gap={4}>
        <Button component={Link} to="/bw/bond" size="compact-xs" variant="subtle">
          ← Bond table
        </Button>
        {tab('pricing', 'Pricing')}
        {tab('cashflow', 'Cash flow')}
        {tab('history', 'History')}
      </Group>
    </Group>
  );
}

function Terms({ detail }: { detail: BondDetailResponse }) {
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
      </Stack>
      {detail.callSchedule.length > 0 && (
        <>
          <Text fw={600} size="sm" mt="sm" mb={4}>
            Call schedule
          </Text>
          <Table fz="xs" verticalSpacing={2} data-testid="call-schedule">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Price (per 100)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.callSchedule.map((c) => (
                <Table.Tr key={c.date}>
                  <Table.Td>{formatDay(c.date)}</Table.Td>
                  <Table.Td ta="right" className="bw-num">
                    {formatPrice(c.price)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Card>
  );
}

function TodaysAnalytics({ detail }: { detail: BondDetailResponse }) {
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
        <Fact label="Modified duration" value={formatNumber(a.duration, 3)} help="years" />
        <Fact label="DV01" value={formatNumber(a.dv01, 4)} help="per 100 face, for 1 bp" />
        <Fact label="Current yield" value={<Value kind="yield" value={a.currentYield} />} help="%" />
        <Fact label="MMY (360)" value={<Value kind="yield" value={a.moneyMarketYield360} />} help="money-market yield, 360-day basis, %" />
        <Fact label="Confidence" value={formatNumber(a.confidence, 0)} help="0–100" />
        <Fact label="Volume today" value={formatSize(a.volume)} help="USD par: MM = millions, K = thousands" />
      </Stack>
    </Card>
  );
}

function Calculator({ detail }: { detail: BondDetailResponse }) {
  const prepared = useMemo(() => prepareBond(detail), [detail]);
  const curve = useMemo(() => curveOf(detail.analyticsCurve?.points), [detail.analyticsCurve]);
  const curveDate = detail.analyticsCurve?.date ?? null;
  const floating = prepared.kind === 'floating';
  // The analytics' own settlement (T+1 after their pricing day), so the default inputs reproduce them.
  const defaultSettlement = detail.settlementDate;
  const serverPrice = detail.analytics?.price ?? 100;
  const [settlement, setSettlement] = useState(defaultSettlement);
  const [driver, setDriver] = useState<Driver>('price');
  const [entry, setEntry] = useState<Record<Driver, string>>({ price: String(serverPrice), yield: '', spread: '' });

  const driverValue = Number(entry[driver]);
  const { result, error } = useMemo((): { result: CalcResult | null; error: string | null } => {
    if (entry[driver].trim() === '' || !Number.isFinite(driverValue)) return { result: null, error: 'Enter a number' };
    try {
      const value = driver === 'yield' ? driverValue / 100 : driverValue;
      return { result: calculate(prepared, curve, { settlementDate: settlement, driver, value }), error: null };
    } catch (e) {
      return { result: null, error: e instanceof Error ? e.message : String(e) };
    }
  }, [prepared, curve, settlement, driver, driverValue, entry]);

  // Shows the computed values in the inputs that are not driving.
  const shown = (d: Driver): string => {
    if (d === driver || !result) return entry[d];
    if (d === 'price') return result.price.toFixed(6);
    if (d === 'yield') return (result.yieldToMaturity * 100).toFixed(6);
    return result.gSpread === null ? '' : result.gSpread.toFixed(3);
  };
  const edit = (d: Driver, v: unknown) => {
    setDriver(d);
    setEntry((e) => ({ ...e, [d]: String(v) }));
  };
  const reset = () => {
    setSettlement(defaultSettlement);
    setDriver('price');
    setEntry({ price: String(serverPrice), yield: '', spread: '' });
  };

  return (
    <Card withBorder padding="sm" data-testid="calculator">
      <Group justify="space-between" mb={6}>
        <Text fw={600} size="sm">
          Calculator
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={reset} data-testid="calc-reset">
          Reset to today
        </Button>
      </Group>
      <Group gap="xs" align="flex-end" grow>
        <TextInput
          size="xs"
          type="date"
          label="Settlement"
          value={settlement}
          data-testid="calc-settlement"
          onChange={(e) => e.currentTarget.value && setSettlement(e.currentTarget.value)}
          description={settlement === defaultSettlement ? 'T+1' : 'what-if'}
        />
        <NumberInput
          size="xs"
          label="Clean price"
          description="per 100 face"
          value={shown('price')}
          decimalScale={6}
          hideControls
          onChange={(v) => edit('price', v)}
          data-testid="calc-price"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <NumberInput
          size="xs"
          label={floating ? 'Yield (index + DM)' : 'Yield to maturity'}
          description="%"
          value={shown('yield')}
          decimalScale={6}
          hideControls
          onChange={(v) => edit('yield', v)}
          data-testid="calc-yield"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <NumberInput
          size="xs"
          label="G-spread"
          description={curve ? 'bp over Treasuries' : 'no curve'}
          value={shown('spread')}
          decimalScale={3}
          hideControls
          disabled={!curve}
          onChange={(v) => edit('spread', v)}
          data-testid="calc-spread"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      </Group>
      <Text size="xs" c="dimmed" mt={4} data-testid="calc-note" data-curve-date={curveDate ?? undefined}>
        Type in any of price, yield or spread; the others follow. Same engine and conventions as the server's evaluated prices
        {curveDate ? `; Treasury curve of ${formatDay(curveDate)}, as the analytics` : ''}.
      </Text>
      {error && (
        <Alert color="red" p={6} mt="xs" data-testid="calc-error">
          <Text size="xs">{error}</Text>
        </Alert>
      )}
      {result && (
        <Grid mt="xs" gap="md">
          <Grid.Col span={6}>
            <Stack gap={3}>
              <Fact label="Clean price" value={formatPrice(result.price)} help="per 100 face" testId="calc-out-price" raw={result.price} />
              <Fact label="Accrued" value={formatNumber(result.accrued, 6)} help="per 100 face" />
              <Fact label="Dirty price" value={formatNumber(result.dirtyPrice, 6)} help="per 100 face" />
              <Fact
                label="Yield to maturity"
                value={formatYield(result.yieldToMaturity)}
                help="%"
                testId="calc-ytm"
                raw={result.yieldToMaturity}
              />
              <Fact
                label="Yield to worst"
                value={`${formatYield(result.yieldToWorst)} · ${formatDay(result.worstDate)}`}
                help="%, and the date it is reached"
                testId="calc-ytw"
                raw={result.yieldToWorst}
              />
              {result.discountMargin !== null && (
                <Fact
                  label="Discount margin"
                  value={formatSpread(result.discountMargin)}
                  help={`bp over the index proxy ${formatYield(result.indexRate)}`}
                  testId="calc-dm"
                  raw={result.discountMargin}
                />
              )}
              <Fact label="Current yield" value={formatYield(result.currentYield)} help="%" />
              <Fact label="MMY (360)" value={formatYield(result.moneyMarketYield360)} help="%" />
            </Stack>
          </Grid.Col>
          <Grid.Col span={6}>
            <Stack gap={3}>
              <Fact
                label="G-spread"
                value={formatSpread(result.gSpread)}
                help={`bp over the interpolated Treasury (${formatYield(result.interpolatedTreasury)})`}
                testId="calc-gspread"
                raw={result.gSpread}
              />
              <Fact
                label={`T-spread${result.benchmark ? ` (${result.benchmark})` : ''}`}
                value={formatSpread(result.tSpread)}
                help="bp over the benchmark Treasury"
              />
              <Fact
                label="Modified duration"
                value={formatNumber(result.modifiedDuration, 4)}
                help="years"
                testId="calc-duration"
                raw={result.modifiedDuration}
              />
              <Fact label="Macaulay duration" value={formatNumber(result.macaulayDuration, 4)} help="years" />
              <Fact label="Convexity" value={formatNumber(result.convexity, 4)} />
              <Fact label="DV01" value={formatNumber(result.dv01, 5)} help="per 100 face, for 1 bp" testId="calc-dv01" raw={result.dv01} />
              <Fact label="Settlement" value={formatDay(result.settlementDate)} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      {result && result.calls.length > 0 && (
        <>
          <Text fw={600} size="sm" mt="sm" mb={4}>
            Yields to call
          </Text>
          <Table fz="xs" verticalSpacing={2} data-testid="calc-calls">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Call date</Table.Th>
                <Table.Th ta="right">Call price</Table.Th>
                <Table.Th ta="right">Yield</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.calls.map((c) => (
                <Table.Tr key={c.date}>
                  <Table.Td>
                    {formatDay(c.date)}
                    {c.scheduled !== c.date && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        (scheduled {formatDay(c.scheduled)})
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" className="bw-num">
                    {formatPrice(c.price)}
                  </Table.Td>
                  <Table.Td ta="right" className="bw-num">
                    {formatYield(c.yield)}
                  </Table.Td>
                  <Table.Td>
                    {c.worst && (
                      <Badge size="xs" color="yellow">
                        worst
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td>{formatDay(prepared.maturityDate)} (maturity)</Table.Td>
                <Table.Td ta="right" className="bw-num">
                  {formatPrice(100)}
                </Table.Td>
                <Table.Td ta="right" className="bw-num">
                  {formatYield(result.yieldToMaturity)}
                </Table.Td>
                <Table.Td>
                  {result.calls.every((c) => !c.worst) && (
                    <Badge size="xs" color="yellow">
                      worst
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </>
      )}
    </Card>
  );
}

export function useBondDetail(bondId: string | undefined) {
  return useApiQuery<BondDetailResponse>(bondId && /^\d+$/.test(bondId) ? BOND_PATHS.bond(bondId) : null, {
    meta: { errorToast: 'Loading the bond failed:' },
  });
}

export function BondLoadState({ bondId, query }: { bondId: string | undefined; query: ReturnType<typeof useBondDetail> }) {
  if (!bondId || !/^\d+$/.test(bondId))
    return (
      <Alert color="red" data-testid="bond-error">
        “{bondId}” is not a bond id.
      </Alert>
    );
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader size="sm" type="dots" />
      </Center>
    );
  if (query.isError) {
    return (
      <Alert color="red" data-testid="bond-error">
        <Text size="sm">{apiErrorText(query.error)}</Text>
        <Anchor component={Link} to="/bw/bond" size="sm">
          Back to the bond table
        </Anchor>
      </Alert>
    );
  }
  return null;
}

export default function BondPricingPage() {
  const { bondId } = useParams();
  const detail = useBondDetail(bondId);
  return (
    <Stack gap={6} data-testid="bond-pricing-page">
      <PageTitle />
      <BondLoadState bondId={bondId} query={detail} />
      {detail.data && (
        <>
          <BondHeader detail={detail.data} active="pricing" />
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, lg: 3 }}>
              <Terms detail={detail.data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 3 }}>
              <TodaysAnalytics detail={detail.data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Calculator key={detail.data.id} detail={detail.data} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
