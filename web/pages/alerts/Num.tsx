import { NumberInput } from '@mantine/core';

/** A number input that edits a possibly missing value (empty means null). */
export function Num({
  label,
  value,
  onChange,
  testId,
  min,
  step,
}: {
  label: string;
  value: unknown;
  onChange: (v: number | null) => void;
  testId: string;
  min?: number;
  step?: number;
}) {
  return (
    <NumberInput
      label={label}
      value={typeof value === 'number' ? value : ''}
      onChange={(v) => onChange(v === '' ? null : Number(v))}
      w={160}
      min={min}
      step={step}
      decimalScale={4}
      data-testid={testId}
    />
  );
}
