/** One tranche of the calculator: its tenor and size, the derived levels, and each override. */
import { ActionIcon, Card, Group, NumberInput, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import type { CalculatorTranche } from '@common/api/newIssueCalculator';
import { CALCULATOR_TENOR_YEARS } from '@common/api/newIssueCalculator';
import { formatSpreadLevel, formatYield } from '@common/format';
import type { TrancheInput, TrancheOverrides, TrancheResult } from './calculatorLevels';
import { concessionText, pricedLevelRows } from './trancheCardView';
import { TrancheLevel } from './TrancheLevel';
import { TrancheOverrideInputs } from './TrancheOverrideInputs';

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

export function TrancheCard({ index, input, onInput, onRemove, base, overrides, onOverrides, result }: Props) {
  const id = `tranche-${index}`;
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
            <TrancheLevel
              label={`Benchmark ${base.benchmark.tenorYears}Y`}
              value={formatYield(overrides.benchmarkYield ?? base.benchmark.marketYield)}
              testId={`${id}-benchmark`}
            />
            <Tooltip label={`${base.fairValue.method}; ${base.fairValue.issuerBonds} issuer bonds`}>
              <div>
                <TrancheLevel
                  label="Fair value"
                  value={formatSpreadLevel(overrides.fairValueBp ?? base.fairValue.spreadBp)}
                  testId={`${id}-fair-value`}
                />
              </div>
            </Tooltip>
            <TrancheLevel label="Concession" value={concessionText(base, overrides)} testId={`${id}-concession`} />
            <TrancheOverrideInputs base={base} overrides={overrides} onOverrides={onOverrides} />
          </>
        )}
        {result?.error && (
          <Text size="sm" c="red" role="alert">
            {result.error}
          </Text>
        )}
        {levels && (
          <Stack gap={2}>
            {pricedLevelRows(levels).map((l) => (
              <TrancheLevel key={l.suffix} label={l.label} value={l.value} testId={`${id}-${l.suffix}`} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
