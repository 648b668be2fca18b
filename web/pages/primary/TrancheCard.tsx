/** One tranche of the calculator: its tenor and size, the derived levels, and each override. */
import { ActionIcon, Card, Group, NumberInput, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import type { CalculatorTranche } from '@common/api/newIssueCalculator';
import { CALCULATOR_TENOR_YEARS } from '@common/api/newIssueCalculator';
import { formatPrice, formatSpreadLevel, formatYield } from '@common/format';
import { DecimalInput } from '../../components/DecimalInput';
import type { TrancheOverrides, TrancheResult } from './calculatorLevels';

export interface TrancheInput {
  tenorYears: number;
  sizeMm: number;
}

interface Props {
  index: number;
  input: TrancheInput;
  onInput: (next: TrancheInput) => void;
  onRemove: (() => void) | null;
  base: CalculatorTranche | undefined;
  overrides: TrancheOverrides;
  onOverrides: (next: TrancheOverrides) => void;
  result: TrancheResult | undefined;
}

/** An override: empty means "use the derived value". */
function OverrideInput({
  value,
  onChange,
  ...rest
}: {
  label: string;
  placeholder: string;
  value: number | undefined;
  onChange: (next: number | undefined) => void;
  percent?: boolean;
  step?: number;
}) {
  return <DecimalInput size="xs" value={value ?? null} onChange={(v) => onChange(v ?? undefined)} {...rest} />;
}

function Level({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} className="bw-stat" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

export function TrancheCard({ index, input, onInput, onRemove, base, overrides, onOverrides, result }: Props) {
  const id = `tranche-${index}`;
  const set = (key: keyof TrancheOverrides, value: number | undefined) => onOverrides({ ...overrides, [key]: value });
  const levels = result?.levels;
  return (
    <Card withBorder padding="sm" data-testid={id}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={700}>Tranche {index + 1}</Text>
          {onRemove && (
            <ActionIcon variant="subtle" aria-label={`Remove tranche ${index + 1}`} onClick={onRemove}>
              ×
            </ActionIcon>
          )}
        </Group>
        <SimpleGrid cols={2}>
          <NumberInput
            label="Tenor (years)"
            min={CALCULATOR_TENOR_YEARS.min}
            max={CALCULATOR_TENOR_YEARS.max}
            value={input.tenorYears}
            onChange={(v) => onInput({ ...input, tenorYears: Number(v) })}
          />
          <NumberInput label="Size (USD mm)" min={1} value={input.sizeMm} onChange={(v) => onInput({ ...input, sizeMm: Number(v) })} />
        </SimpleGrid>
        {base && (
          <>
            <Level
              label={`Benchmark ${base.benchmark.tenorYears}Y`}
              value={formatYield(overrides.benchmarkYield ?? base.benchmark.marketYield)}
              testId={`${id}-benchmark`}
            />
            <Tooltip label={`${base.fairValue.method}; ${base.fairValue.issuerBonds} issuer bonds`}>
              <div>
                <Level
                  label="Fair value"
                  value={formatSpreadLevel(overrides.fairValueBp ?? base.fairValue.spreadBp)}
                  testId={`${id}-fair-value`}
                />
              </div>
            </Tooltip>
            <Level
              label="Concession"
              value={
                overrides.concessionBp !== undefined || base.concession.lowBp === null || base.concession.lowBp === base.concession.highBp
                  ? formatSpreadLevel(overrides.concessionBp ?? base.concession.expectedBp)
                  : `${formatSpreadLevel(base.concession.expectedBp)} (${base.concession.lowBp.toFixed(0)} to ${base.concession.highBp!.toFixed(0)})`
              }
              testId={`${id}-concession`}
            />
            <SimpleGrid cols={{ base: 2, sm: 3 }}>
              <OverrideInput
                label="Fair value, bp"
                placeholder={String(base.fairValue.spreadBp)}
                value={overrides.fairValueBp}
                onChange={(v) => set('fairValueBp', v)}
              />
              <OverrideInput
                label="Concession, bp"
                placeholder={String(base.concession.expectedBp)}
                value={overrides.concessionBp}
                onChange={(v) => set('concessionBp', v)}
              />
              <OverrideInput
                label="Tightening, bp"
                placeholder={String(base.tighteningBp.value)}
                value={overrides.tighteningBp}
                onChange={(v) => set('tighteningBp', v)}
              />
              <OverrideInput
                label="Benchmark yield, %"
                percent
                placeholder={(base.benchmark.marketYield * 100).toFixed(3)}
                value={overrides.benchmarkYield}
                onChange={(v) => set('benchmarkYield', v)}
              />
              <OverrideInput
                label="Coupon, %"
                percent
                step={0.125}
                placeholder="1/8 below yield"
                value={overrides.coupon}
                onChange={(v) => set('coupon', v)}
              />
            </SimpleGrid>
          </>
        )}
        {result?.error && (
          <Text size="sm" c="red" role="alert">
            {result.error}
          </Text>
        )}
        {levels && (
          <Stack gap={2}>
            <Level label="IPT" value={formatSpreadLevel(levels.iptSpreadBp)} testId={`${id}-ipt`} />
            <Level label="Reoffer spread" value={formatSpreadLevel(levels.reofferSpreadBp)} testId={`${id}-reoffer-spread`} />
            <Level label="Spread to benchmark" value={formatSpreadLevel(levels.spreadToBenchmarkBp)} testId={`${id}-spread-to-benchmark`} />
            <Level label="Reoffer yield" value={formatYield(levels.reofferYield)} testId={`${id}-yield`} />
            <Level label="Coupon" value={formatYield(levels.coupon)} testId={`${id}-coupon`} />
            <Level label="Price" value={formatPrice(levels.price)} testId={`${id}-price`} />
            <Level label="Maturity" value={levels.maturityDate} testId={`${id}-maturity`} />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
