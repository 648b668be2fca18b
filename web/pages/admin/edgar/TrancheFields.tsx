/** One tranche of a term-sheet reading as inputs, each showing the server's problem with it. */
import { Card, SimpleGrid, Text, TextInput } from '@mantine/core';
import { DecimalInput } from '../../../components/DecimalInput';
import { DATES, NUMBERS, TEXTS, nullable, type Problems, type Tranche } from './readingFields';

export function TrancheFields({
  tranche,
  index,
  problems,
  onChange,
}: {
  tranche: Tranche;
  index: number;
  problems: Problems;
  onChange: (t: Tranche) => void;
}) {
  const error = (key: string) => problems.get(`tranches[${index}].${key}`);
  return (
    <Card withBorder padding="sm" data-testid={`filing-tranche-${index}`}>
      <Text fw={700} size="sm" mb={4}>
        Tranche {index + 1}
        {tranche.title ? `: ${tranche.title}` : ''}
      </Text>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
        {NUMBERS.map(([key, label, percent]) => (
          <DecimalInput
            key={key}
            size="xs"
            label={label}
            percent={percent}
            thousandSeparator={key === 'principalAmount' ? ',' : undefined}
            value={tranche[key] as number | null}
            error={error(key)}
            onChange={(v) => onChange({ ...tranche, [key]: v })}
          />
        ))}
        {DATES.map(([key, label]) => (
          <TextInput
            key={key}
            size="xs"
            type="date"
            label={label}
            value={(tranche[key] as string | null) ?? ''}
            error={error(key)}
            onChange={(e) => onChange({ ...tranche, [key]: nullable(e.currentTarget.value) })}
          />
        ))}
        {TEXTS.map(([key, label]) => (
          <TextInput
            key={key}
            size="xs"
            label={label}
            value={(tranche[key] as string | null) ?? ''}
            error={error(key)}
            onChange={(e) => onChange({ ...tranche, [key]: nullable(e.currentTarget.value) })}
          />
        ))}
      </SimpleGrid>
    </Card>
  );
}
