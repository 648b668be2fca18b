/** A list typed as comma-separated text (see useListText for why the text is kept as typed). */
import { TextInput } from '@mantine/core';
import { useListText } from './useListText';

export function ListInput({ label, value, onChange }: { label: string; value: string[]; onChange: (next: string[]) => void }) {
  const { text, type } = useListText(value, onChange);
  return <TextInput size="xs" label={label} value={text} onChange={(e) => type(e.currentTarget.value)} />;
}
