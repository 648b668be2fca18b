/**
 * The fields read from a term sheet, as an admin corrects them: the common fields and each
 * tranche, every input showing the problem the server found with it (by its field path).
 */
import { Group, Stack, TextInput } from '@mantine/core';
import type { TermSheetReading } from '@common/api/edgar';
import { ListInput } from './ListInput';
import { AGENCIES, AGENCY_LABELS, nullable, replaceTranche, withRating, type Problems } from './readingFields';
import { TrancheFields } from './TrancheFields';

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
        {AGENCIES.map((agency) => (
          <TextInput
            key={agency}
            size="xs"
            label={AGENCY_LABELS[agency]}
            value={reading.ratings[agency] ?? ''}
            onChange={(e) => set({ ratings: withRating(reading.ratings, agency, e.currentTarget.value) })}
          />
        ))}
      </Group>
      {reading.tranches.map((t, i) => (
        <TrancheFields
          key={i}
          tranche={t}
          index={i}
          problems={problems}
          onChange={(next) => set({ tranches: replaceTranche(reading.tranches, i, next) })}
        />
      ))}
    </Stack>
  );
}
