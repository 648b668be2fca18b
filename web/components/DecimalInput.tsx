/**
 * A number field whose value may be empty (null): overrides, corrections, optional levels. It
 * keeps the text as typed ("4." on the way to "4.25") and takes a new value from outside (a sheet
 * restored, a row saved, a tranche removed) when that differs from what the text says.
 * `percent`: typed in %, carried as a decimal (4.25 ⇄ 0.0425).
 */
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState } from 'react';

interface Props extends Omit<NumberInputProps, 'value' | 'onChange'> {
  value: number | null;
  onChange: (next: number | null) => void;
  percent?: boolean;
}

export function DecimalInput({ value, onChange, percent = false, decimalScale, ...rest }: Props) {
  const scale = percent ? 100 : 1;
  const shown = (v: number | null) => (v === null ? '' : Math.round(v * scale * 1e6) / 1e6);
  const parse = (t: string | number) => {
    if (t === '') return null;
    const n = Number(t);
    return Number.isFinite(n) ? n / scale : null;
  };
  const [text, setText] = useState<string | number>(shown(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== parse(text)) setText(shown(value));
  }
  return (
    <NumberInput
      {...rest}
      decimalScale={decimalScale ?? (percent ? 4 : undefined)}
      value={text}
      onChange={(t) => {
        setText(t);
        onChange(parse(t));
      }}
    />
  );
}
