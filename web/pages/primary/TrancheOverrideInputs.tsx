import { SimpleGrid } from '@mantine/core';
import type { CalculatorTranche } from '@common/api/newIssueCalculator';
import { DecimalInput } from '../../components/DecimalInput';
import type { TrancheOverrides } from './calculatorLevels';

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

/** The tranche's overrides, each showing the derived value it replaces as its placeholder. */
export function TrancheOverrideInputs({
  base,
  overrides,
  onOverrides,
}: {
  base: CalculatorTranche;
  overrides: TrancheOverrides;
  onOverrides: (next: TrancheOverrides) => void;
}) {
  const set = (key: keyof TrancheOverrides, value: number | undefined) => onOverrides({ ...overrides, [key]: value });
  return (
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
  );
}
