/**
 * The fields read from a term sheet, as an admin corrects them: the common fields and each
 * tranche, every input showing the problem the server found with it (by its field path) or, over
 * it, the correction form's refusal of it (useFilingEditor): the contract of PUT /admin/edgar/{id}
 * in the sentence its 400 reads as, or that 400 itself.
 */
import { Group, Stack, TextInput } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useMemo } from 'react';
import type { TermSheetReading } from '@common/api/edgar';
import { ListInput } from './ListInput';
import { AGENCIES, AGENCY_LABELS, nullable, problemField, replaceTranche, withRating, type Problems } from './readingFields';
import { TrancheFields } from './TrancheFields';

export function ReadingForm({
  reading,
  problems,
  refusals,
  onChange,
}: {
  reading: TermSheetReading;
  problems: Problems;
  /** The form's refusals, by the field's dotted path ("tranches.0.coupon"). */
  refusals: FormErrors;
  onChange: (r: TermSheetReading) => void;
}) {
  const set = (patch: Partial<TermSheetReading>) => onChange({ ...reading, ...patch });
  const shown = useMemo(() => withRefusals(problems, refusals), [problems, refusals]);
  return (
    <Stack gap="xs">
      <Group align="start" grow>
        <TextInput
          size="xs"
          label="Issuer"
          value={reading.issuer ?? ''}
          error={shown.get('issuer')}
          onChange={(e) => set({ issuer: nullable(e.currentTarget.value) })}
        />
        <TextInput
          size="xs"
          type="date"
          label="Trade date"
          value={reading.tradeDate ?? ''}
          error={shown.get('tradeDate')}
          onChange={(e) => set({ tradeDate: nullable(e.currentTarget.value) })}
        />
        <TextInput
          size="xs"
          type="date"
          label="Settlement date"
          value={reading.settlementDate ?? ''}
          error={shown.get('settlementDate')}
          onChange={(e) => set({ settlementDate: nullable(e.currentTarget.value) })}
        />
      </Group>
      <Group align="start" grow>
        <ListInput
          label="Bookrunners (comma-separated)"
          value={reading.bookrunners}
          error={listProblem(shown, 'bookrunners')}
          onChange={(bookrunners) => set({ bookrunners })}
        />
        {AGENCIES.map((agency) => (
          <TextInput
            key={agency}
            size="xs"
            label={AGENCY_LABELS[agency]}
            value={reading.ratings[agency] ?? ''}
            error={shown.get(`ratings.${agency}`)}
            onChange={(e) => set({ ratings: withRating(reading.ratings, agency, e.currentTarget.value) })}
          />
        ))}
      </Group>
      {reading.tranches.map((t, i) => (
        <TrancheFields
          key={i}
          tranche={t}
          index={i}
          problems={shown}
          onChange={(next) => set({ tranches: replaceTranche(reading.tranches, i, next) })}
        />
      ))}
    </Stack>
  );
}

/** A list's problem: of the list as a whole ("bookrunners"), else of its first entry refused ("bookrunners[2]"). */
function listProblem(problems: Problems, field: string): string | undefined {
  const entry = [...problems.keys()].find((key) => key.startsWith(`${field}[`));
  return problems.get(field) ?? (entry === undefined ? undefined : problems.get(entry));
}

/** The server's problems with the saved reading, under the form's refusals of the correction. */
function withRefusals(problems: Problems, refusals: FormErrors): Problems {
  const shown = new Map(problems);
  for (const [field, refusal] of Object.entries(refusals)) if (refusal) shown.set(problemField(field), String(refusal));
  return shown;
}
