/**
 * The bond table's toolbar: filters (sector, rating, seniority, tenor bucket, callable, issuer),
 * quick search, the column chooser, CSV download of the current view, and the row count / as-of time.
 */
import {
  Button,
  Checkbox,
  CloseButton,
  Group,
  MultiSelect,
  Popover,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedCallback, useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { BOND_PATHS } from '@common/api/bond';
import type { BondTableFilters } from '@common/api/bondTables';
import type { BondTableColumn } from '@common/enums';
import { BOND_SENIORITIES, RATING_BUCKETS, RATING_CLASSES, SECTORS, TENOR_BUCKET_IDS } from '@common/market';
import { api } from '../../api/client';
import { useFeature } from '../../features/useFeature';
import { handleError } from '../../api/errors';
import { BOND_COLUMNS, columnTooltip, DEFAULT_VISIBLE_COLUMNS } from './columns';
import { listQuery, type BondView } from './bondView';
import { IssuerFilterPills } from './IssuerFilterPills';
import { trackEvent } from '../../usage';
import { saveText } from '../../components/download';

const SECTOR_OPTIONS = SECTORS.map((s) => ({ value: s.code, label: s.name }));
// Chips carry the short name; the list says what each covers (by the lower of S&P and Moody's).
const RATING_OPTIONS = [...RATING_CLASSES, ...RATING_BUCKETS].map((r) => ({ value: r, label: r }));
const RATING_HINTS: Record<string, string> = {
  IG: 'BBB-/Baa3 and better',
  HY: 'BB+/Ba1 and below',
  CCC: 'CCC+/Caa1 and below',
};
const TENOR_OPTIONS = TENOR_BUCKET_IDS.map((t) => ({ value: t, label: t }));

export function BondFilters({ filters, onChange }: { filters: BondTableFilters; onChange: (filters: BondTableFilters) => void }) {
  const [q, setQ] = useState(filters.q ?? '');
  useEffect(() => setQ(filters.q ?? ''), [filters.q]);
  const commitQ = useDebouncedCallback((value: string) => onChange({ ...filters, q: value.trim() || null }), 300);
  const search = useRef<HTMLInputElement>(null);
  // The rating filter is by S&P rating: offered only with the feature (the server refuses it otherwise).
  const spRatings = useFeature('s_and_p_ratings');
  // "/" jumps to the quick search, as in most terminals and web apps.
  useHotkeys([['/', () => search.current?.focus()]]);
  const multi = (
    key: 'sector' | 'rating' | 'seniority' | 'tenor',
    label: string,
    data: Array<{ value: string; label: string }>,
    w: number,
  ) => (
    <MultiSelect
      size="xs"
      // At least `w`, and wider as chips are added, so a chip is never cut to "HY (B…".
      miw={w}
      maw={520}
      placeholder={label}
      aria-label={label}
      data={data}
      value={filters[key]}
      clearable
      searchable
      onChange={(value) => onChange({ ...filters, [key]: value } as BondTableFilters)}
      data-testid={`filter-${key}`}
      comboboxProps={{ withinPortal: true }}
      renderOption={
        key === 'rating'
          ? ({ option }) => (
              <span>
                {option.label}
                {RATING_HINTS[option.value] ? <Text span size="xs" c="dimmed">{` ${RATING_HINTS[option.value]}`}</Text> : null}
              </span>
            )
          : undefined
      }
      title={key === 'rating' ? 'Rating: the lower of S&P and Moody’s' : undefined}
      maxDropdownHeight={320}
    />
  );
  return (
    <Group gap={6} wrap="wrap" data-testid="bond-filters">
      <TextInput
        ref={search}
        size="xs"
        w={230}
        placeholder="Search (/): CUSIP, ISIN, ticker, name"
        aria-label="Quick search"
        value={q}
        onKeyDown={(e) => {
          if (e.key === 'Escape') e.currentTarget.blur();
        }}
        onChange={(e) => {
          setQ(e.currentTarget.value);
          commitQ(e.currentTarget.value);
        }}
        rightSection={
          q ? (
            <CloseButton
              size="xs"
              aria-label="Clear search"
              onClick={() => {
                setQ('');
                onChange({ ...filters, q: null });
              }}
            />
          ) : null
        }
        data-testid="filter-q"
      />
      {multi('sector', 'Sector', SECTOR_OPTIONS, 170)}
      {spRatings && multi('rating', 'Rating', RATING_OPTIONS, 150)}
      {multi(
        'seniority',
        'Seniority',
        BOND_SENIORITIES.map((s) => ({ value: s, label: s })),
        160,
      )}
      {multi('tenor', 'Tenor', TENOR_OPTIONS, 120)}
      <SegmentedControl
        size="xs"
        data-testid="filter-callable"
        value={filters.callable === null ? 'all' : filters.callable ? 'callable' : 'bullet'}
        onChange={(v) => onChange({ ...filters, callable: v === 'all' ? null : v === 'callable' })}
        data={[
          { value: 'all', label: 'All' },
          { value: 'callable', label: 'Callable' },
          { value: 'bullet', label: 'Bullet' },
        ]}
      />
      <IssuerFilterPills ids={filters.issuerId} onChange={(issuerId) => onChange({ ...filters, issuerId })} />
    </Group>
  );
}

export function ColumnChooser({
  view,
  available,
  onChange,
}: {
  view: BondView;
  available: readonly BondTableColumn[];
  onChange: (view: BondView) => void;
}) {
  const glossaryTips = useFeature('tooltips');
  const ordered = view.order.filter((c) => available.includes(c));
  const visible = view.visible.filter((c) => available.includes(c));
  const set = (columns: BondTableColumn[]) => onChange({ ...view, visible: columns });
  return (
    <Popover position="bottom-end" shadow="md" withinPortal width={520}>
      <Popover.Target>
        <Button size="xs" variant="default" data-testid="column-chooser">
          Columns ({visible.length}/{ordered.length})
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="column-chooser-panel">
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              Shown columns; drag headers in the table to reorder.
            </Text>
            <Group gap={4}>
              <Button size="compact-xs" variant="subtle" onClick={() => set([...ordered])}>
                All
              </Button>
              <Button size="compact-xs" variant="subtle" onClick={() => set(DEFAULT_VISIBLE_COLUMNS.filter((c) => available.includes(c)))}>
                Default
              </Button>
            </Group>
          </Group>
          <ScrollArea.Autosize mah={380}>
            <SimpleGrid cols={3} spacing={4} verticalSpacing={4}>
              {ordered.map((c) => (
                <Tooltip key={c} label={columnTooltip(c, glossaryTips)} openDelay={500} multiline w={320} withinPortal>
                  <Checkbox
                    size="xs"
                    label={BOND_COLUMNS[c].header}
                    checked={visible.includes(c)}
                    data-testid={`column-toggle-${c}`}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      if (!on && visible.length === 1) return; // keep at least one column
                      set(on ? [...visible, c] : visible.filter((v) => v !== c));
                    }}
                  />
                </Tooltip>
              ))}
            </SimpleGrid>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Downloads the server's CSV of the whole current view (sort, filters, visible columns). */
export async function downloadBondCsv(view: BondView, columns: readonly BondTableColumn[], fileName = 'bonds.csv'): Promise<void> {
  trackEvent('bond_table.export', { columns: columns.length });
  const text = await api.get<string>(BOND_PATHS.bondsCsv, { query: listQuery(view, columns), headers: { accept: 'text/csv' } });
  saveText(typeof text === 'string' ? text : '', fileName, 'text/csv');
}

export function CsvButton({ view, columns, fileName }: { view: BondView; columns: readonly BondTableColumn[]; fileName?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="xs"
      variant="default"
      loading={busy}
      data-testid="csv-download"
      onClick={() => {
        setBusy(true);
        downloadBondCsv(view, columns, fileName)
          .catch((error: unknown) => handleError(error, { notifier: notifications.show, prefix: 'CSV download failed:' }))
          .finally(() => setBusy(false));
      }}
    >
      CSV
    </Button>
  );
}
