/**
 * The fields read from a term sheet, as an admin corrects them: the common fields and each
 * tranche, every input showing the problem the server found with it (by its field path).
 */
import { Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { TermSheetReading } from '@common/api/edgar';
import { DecimalInput } from '../../../components/DecimalInput';
import { commaList } from '../commaList';

type Tranche = TermSheetReading['tranches'][number];
type Problems = ReadonlyMap<string, string>;

const nullable = (text: string) => (text.trim() === '' ? null : text.trim());

/** Number fields of a tranche: [key, label, typed in %]. */
const NUMBERS: Array<[keyof Tranche, string, boolean]> = [
  ['principalAmount', 'Principal amount (USD)', false],
  ['coupon', 'Coupon %', true],
  ['priceToPublic', 'Price to public', false],
  ['yieldToMaturity', 'Yield to maturity %', true],
  ['benchmarkPrice', 'Benchmark price', false],
  ['benchmarkYield', 'Benchmark yield %', true],
  ['spreadBp', 'Spread to benchmark, bp', false],
  ['makeWholeBp', 'Make-whole, T+ bp', false],
];
const DATES: Array<[keyof Tranche, string]> = [
  ['maturityDate', 'Maturity'],
  ['firstPaymentDate', 'First payment'],
  ['parCallDate', 'Par call'],
];
const TEXTS: Array<[keyof Tranche, string]> = [
  ['cusip', 'CUSIP'],
  ['isin', 'ISIN'],
  ['benchmarkTreasury', 'Benchmark Treasury'],
  ['interestPaymentDates', 'Interest payment dates'],
];

function TrancheFields({
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

/** A list typed as comma-separated text; the text is kept as typed ("GS, " on the way to "GS, MS"). */
function ListInput({ label, value, onChange }: { label: string; value: string[]; onChange: (next: string[]) => void }) {
  const [text, setText] = useState(value.join(', '));
  const [seen, setSeen] = useState(value);
  const parse = commaList;
  if (value !== seen) {
    setSeen(value);
    if (value.join('\u0000') !== parse(text).join('\u0000')) setText(value.join(', '));
  }
  return (
    <TextInput
      size="xs"
      label={label}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        onChange(parse(e.currentTarget.value));
      }}
    />
  );
}

export function ReadingForm({
  reading,
  problems,
  onChange,
}: {
  reading: TermSheetReading;
  problems: Problems;
  onChange: (r: TermSheetReading) => void;
}) {
  const set = (patch: Partial<TermSheetReading>) => onChange({ ...reading, ...patch });
  return (
    <Stack gap="xs">
      <Group align="start" grow>
        <TextInput
          size="xs"
          label="Issuer"
          value={reading.issuer ?? ''}
          error={problems.get('issuer')}
          onChange={(e) => set({ issuer: nullable(e.currentTarget.value) })}
        />
        <TextInput
          size="xs"
          type="date"
          label="Trade date"
          value={reading.tradeDate ?? ''}
          error={problems.get('tradeDate')}
          onChange={(e) => set({ tradeDate: nullable(e.currentTarget.value) })}
        />
        <TextInput
          size="xs"
          type="date"
          label="Settlement date"
          value={reading.settlementDate ?? ''}
          error={problems.get('settlementDate')}
          onChange={(e) => set({ settlementDate: nullable(e.currentTarget.value) })}
        />
      </Group>
      <Group align="start" grow>
        <ListInput label="Bookrunners (comma-separated)" value={reading.bookrunners} onChange={(bookrunners) => set({ bookrunners })} />
        {(['moodys', 'sp', 'fitch'] as const).map((agency) => (
          <TextInput
            key={agency}
            size="xs"
            label={{ moodys: "Moody's", sp: 'S&P', fitch: 'Fitch' }[agency]}
            value={reading.ratings[agency] ?? ''}
            onChange={(e) => {
              const { [agency]: _dropped, ...others } = reading.ratings;
              const value = e.currentTarget.value.trim();
              set({ ratings: value ? { ...others, [agency]: value } : others });
            }}
          />
        ))}
      </Group>
      {reading.tranches.map((t, i) => (
        <TrancheFields
          key={i}
          tranche={t}
          index={i}
          problems={problems}
          onChange={(next) => set({ tranches: reading.tranches.map((x, k) => (k === i ? next : x)) })}
        />
      ))}
    </Stack>
  );
}
