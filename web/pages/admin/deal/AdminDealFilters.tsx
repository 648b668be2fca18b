import { Button, Group, Select, TextInput } from '@mantine/core';
import type { DealStatus } from '@common/market';
import { STAGE_OPTIONS } from './adminDeals';
import type { AdminDealsState } from './useAdminDeals';

/** The list's filters — issuer, stage, range — and the "New deal" button. */
export function AdminDealFilters({ state }: { state: AdminDealsState }) {
  const { query, setQuery } = state;
  return (
    <Group align="end">
      <TextInput
        label="Issuer"
        placeholder="Ticker or name"
        value={state.q}
        onChange={(e) => state.setQ(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && state.applyIssuerText()}
        onBlur={state.applyIssuerText}
      />
      <Select
        label="Stage"
        clearable
        value={query.status ?? null}
        onChange={(v) => setQuery({ ...query, status: (v as DealStatus | null) ?? undefined })}
        data={STAGE_OPTIONS}
        w={160}
      />
      <TextInput
        label="From"
        type="date"
        value={query.from ?? ''}
        onChange={(e) => setQuery({ ...query, from: e.currentTarget.value || undefined })}
      />
      <TextInput
        label="To"
        type="date"
        value={query.to ?? ''}
        onChange={(e) => setQuery({ ...query, to: e.currentTarget.value || undefined })}
      />
      <Button onClick={() => state.setCreating(true)} data-testid="new-deal">
        New deal
      </Button>
    </Group>
  );
}
