import { Group, Select, Text } from '@mantine/core';
import { DEAL_STATUSES, RATING_CLASSES, SECTORS } from '@common/market';
import { STATUS_LABELS } from '../../components/dealStatus';
import { dealCountText, SIZE_OPTIONS } from './newIssuesView';
import type { NewIssuesState } from './useNewIssues';

/** The calendar's filters (credit, sector, stage, deal size) and the count of deals they leave. */
export function NewIssuesFilters({ state }: { state: NewIssuesState }) {
  const { filters, setFilter, deals } = state;
  return (
    <Group gap="sm" align="flex-end">
      <Select
        label="Credit"
        placeholder="IG and HY"
        clearable
        w={130}
        data={RATING_CLASSES.map((r) => ({ value: r, label: r }))}
        value={filters.rating ?? null}
        onChange={(v) => setFilter('rating', v)}
        data-testid="filter-rating"
      />
      <Select
        label="Sector"
        placeholder="All sectors"
        clearable
        w={220}
        data={SECTORS.map((s) => ({ value: s.code, label: s.name }))}
        value={filters.sector ?? null}
        onChange={(v) => setFilter('sector', v)}
      />
      <Select
        label="Status"
        placeholder="Any stage"
        clearable
        w={150}
        data={DEAL_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        value={filters.status ?? null}
        onChange={(v) => setFilter('status', v)}
        data-testid="filter-status"
      />
      <Select
        label="Deal size"
        placeholder="Any size"
        clearable
        w={130}
        data={SIZE_OPTIONS}
        value={filters.minSize ? String(filters.minSize) : null}
        onChange={(v) => setFilter('minSize', v)}
      />
      <Text size="sm" c="dimmed" data-testid="deal-count">
        {dealCountText(deals.data)}
      </Text>
    </Group>
  );
}
