/**
 * The fields read from a term sheet, as an admin corrects them: the common fields and each
 * tranche, every input showing the problem the server found with it (by its field path) or, while
 * the correction is one PUT /admin/edgar/{id} would refuse, the contract's refusal in the sentence
 * its 400 reads as.
 */
import { Group, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { termSheetReadingSchema, type TermSheetReading } from '@common/api/edgar';
import { humaneIssue } from '../../../api/humaneError';
import { ListInput } from './ListInput';
import { AGENCIES, AGENCY_LABELS, NUMBERS, nullable, replaceTranche, withRating, type Problems } from './readingFields';
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
  const shown = useMemo(() => withContractProblems(reading, problems), [reading, problems]);
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

/** A zod path as the problems name it: ["tranches", 0, "coupon"] → "tranches[0].coupon". */
function problemField(path: readonly PropertyKey[]): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i ? '.' : ''}${String(part)}`)).join('');
}

/** A list's problem: of the list as a whole ("bookrunners"), else of its first entry refused ("bookrunners[2]"). */
function listProblem(problems: Problems, field: string): string | undefined {
  const entry = [...problems.keys()].find((key) => key.startsWith(`${field}[`));
  return problems.get(field) ?? (entry === undefined ? undefined : problems.get(entry));
}

/** A tranche's rates: the contract's decimals, typed in percent, so refused in percent. */
const PERCENT = new Set<string>(NUMBERS.filter(([, , percent]) => percent).map(([key]) => key));

/**
 * The server's problems with the saved reading, under the contract's refusals of the edit: a field
 * the correction's body would be refused for says so before anything is sent.
 */
function withContractProblems(reading: TermSheetReading, problems: Problems): Problems {
  const checked = termSheetReadingSchema.safeParse(reading);
  if (checked.success) return problems;
  const shown = new Map(problems);
  const refused = new Set<string>();
  for (const issue of checked.error.issues) {
    const field = problemField(issue.path);
    if (refused.has(field)) continue;
    refused.add(field);
    shown.set(field, humaneIssue(issue, PERCENT.has(String(issue.path.at(-1))) ? 'percent' : undefined));
  }
  return shown;
}
