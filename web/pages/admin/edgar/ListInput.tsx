/** A list typed as comma-separated text (see useListText for why the text is kept as typed). */
import { TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useListText } from './useListText';

export function ListInput({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string[];
  /** The list's problem, or one of an entry's: shown under the input as Mantine shows any input's. */
  error?: ReactNode;
  onChange: (next: string[]) => void;
}) {
  const { text, type } = useListText(value, onChange);
  return <TextInput size="xs" label={label} value={text} error={error} onChange={(e) => type(e.currentTarget.value)} />;
}
