/**
 * THE value display: every price, yield, spread, size and date on screen goes through here
 * (formatting rules in common/format.ts). Signed kinds colour positive/negative when `signed`.
 */
import { formatValue, type ValueKind } from '@common/format';

export interface ValueProps {
  kind: ValueKind;
  value: number | string | Date | null | undefined;
  /** Colour by sign (changes, spreads). Spreads are signed by default. */
  signed?: boolean;
  className?: string;
}

export function Value({ kind, value, signed = kind === 'spread', className }: ValueProps) {
  const n = typeof value === 'number' ? value : NaN;
  const sign = !signed || Number.isNaN(n) || n === 0 ? undefined : n > 0 ? 'positive' : 'negative';
  const text = formatValue(kind, value);
  return (
    <span
      className={['bw-value', className].filter(Boolean).join(' ')}
      data-kind={kind}
      data-sign={sign}
      title={value instanceof Date ? value.toISOString() : undefined}
    >
      {text}
    </span>
  );
}
