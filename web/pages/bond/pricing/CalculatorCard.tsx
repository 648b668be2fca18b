/**
 * The bond page's calculator card: the analytics engine in the browser — price → yield, spreads and
 * risk; yield or G-spread → price; what-if settlement date; yields to each call and to worst — on
 * the Treasury curve the server's analytics used, so at the bond's own price it agrees with them.
 */
import { Alert, Badge, Button, Card, Grid, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { type BondDetailResponse } from '@common/api/bond';
import { formatDay, formatNumber, formatPrice, formatSpreadLevel, formatYield } from '@common/format';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';
import { Fact } from './BondFacts';
import { calculatorErrorText } from './calculatorErrors';
import { calculate, curveOf, prepareBond, type CalcResult, type Driver } from './calculator';

/** A call, or the maturity under them, as the yields-to-call table shows it. */
interface RedemptionRow {
  date: string;
  price: number;
  yield: number;
  worst: boolean;
  maturity: boolean;
}

function RedemptionDateCell({ row, text }: CellProps<RedemptionRow>) {
  return <>{row.maturity ? `${text} (maturity)` : text}</>;
}

function WorstCell({ row }: CellProps<RedemptionRow>) {
  return row.worst ? (
    <Badge size="xs" color="yellow">
      worst
    </Badge>
  ) : null;
}

const CALL_COLUMNS: Column<RedemptionRow>[] = [
  { header: 'Call date', field: 'date', kind: 'day', cell: RedemptionDateCell },
  { header: 'Call price', field: 'price', kind: 'price', className: 'bw-num' },
  { header: 'Yield', field: 'yield', kind: 'yield', className: 'bw-num' },
  { header: '', id: 'worst', cell: WorstCell },
];

export function Calculator({ detail }: { detail: BondDetailResponse }) {
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
    if (entry[driver].trim() === '' || !Number.isFinite(driverValue))
      return {
        result: null,
        error: `Enter a ${driver === 'price' ? 'clean price' : driver === 'yield' ? 'yield' : 'G-spread'} as a number.`,
      };
    try {
      const value = driver === 'yield' ? driverValue / 100 : driverValue;
      return { result: calculate(prepared, curve, { settlementDate: settlement, driver, value }), error: null };
    } catch (e) {
      return { result: null, error: calculatorErrorText(e, driver) };
    }
  }, [prepared, curve, settlement, driver, driverValue, entry]);

  // Shows the computed values in the inputs that are not driving; while the driving value cannot
  // be priced they stay empty, so no stale figure sits beside it (a negative price by a yield).
  const shown = (d: Driver): string => {
    if (d === driver) return entry[d];
    if (!result) return '';
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
                  value={formatSpreadLevel(result.discountMargin)}
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
                value={formatSpreadLevel(result.gSpread)}
                help={`bp over the interpolated Treasury (${formatYield(result.interpolatedTreasury)})`}
                testId="calc-gspread"
                raw={result.gSpread}
              />
              <Fact
                label={`T-spread${result.benchmark ? ` (${result.benchmark})` : ''}`}
                value={formatSpreadLevel(result.tSpread)}
                help="bp over the benchmark Treasury"
              />
              <Fact
                label="Modified duration to maturity"
                value={formatNumber(result.modifiedDuration, 4)}
                help="years"
                testId="calc-duration"
                raw={result.modifiedDuration}
              />
              <Fact label="Macaulay duration to maturity" value={formatNumber(result.macaulayDuration, 4)} help="years" />
              <Fact label="Convexity to maturity" value={formatNumber(result.convexity, 4)} />
              <Fact
                label="DV01 to maturity"
                value={formatNumber(result.dv01, 5)}
                help="per 100 face, for 1 bp"
                testId="calc-dv01"
                raw={result.dv01}
              />
              {result.calls.length > 0 && (
                <>
                  <Fact
                    label="Modified duration to worst"
                    value={formatNumber(result.modifiedDurationToWorst, 4)}
                    help={`years, to ${formatDay(result.worstDate)} at the yield to worst`}
                    testId="calc-duration-worst"
                    raw={result.modifiedDurationToWorst}
                  />
                  <Fact label="Convexity to worst" value={formatNumber(result.convexityToWorst, 4)} />
                  <Fact
                    label="DV01 to worst"
                    value={formatNumber(result.dv01ToWorst, 5)}
                    help="per 100 face, for 1 bp, to the worst date"
                    testId="calc-dv01-worst"
                    raw={result.dv01ToWorst}
                  />
                </>
              )}
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
          <SimpleTable
            rows={[
              ...result.calls.map((c) => ({ date: c.date, price: c.price, yield: c.yield, worst: c.worst, maturity: false })),
              {
                date: prepared.maturityDate,
                price: 100,
                yield: result.yieldToMaturity,
                worst: result.calls.every((c) => !c.worst),
                maturity: true,
              },
            ]}
            columns={CALL_COLUMNS}
            rowKey={(r) => (r.maturity ? 'maturity' : r.date)}
            fz="xs"
            verticalSpacing={2}
            testId="calc-calls"
          />
        </>
      )}
    </Card>
  );
}
