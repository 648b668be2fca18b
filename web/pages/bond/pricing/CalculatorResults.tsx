/** The calculator's figures: prices and yields on the left, spreads and risk (to maturity and worst) on the right. */
import { Grid, Stack } from '@mantine/core';
import { formatDay, formatNumber, formatPrice, formatSpreadLevel, formatYield } from '@common/format';
import { Fact } from './BondFacts';
import type { CalcResult } from './calculator';

export function CalculatorResults({ result }: { result: CalcResult }) {
  return (
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
  );
}
