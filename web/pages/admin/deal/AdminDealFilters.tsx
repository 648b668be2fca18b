import { Button, Group, Select, TextInput } from '@mantine/core';
import { STAGE_OPTIONS } from './adminDeals';
import type { AdminDealsState } from './useAdminDeals';

/** The list's filters — issuer, stage, range — and the "New deal" button. */
export function AdminDealFilters({ state }: { state: AdminDealsState }) {
  const { query, setFilter } = state;
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
      <Select label="Stage" clearable value={query.status ?? null} onChange={(v) => setFilter('status', v)} data={STAGE_OPTIONS} w={160} />
      <TextInput label="From" type="date" value={query.from ?? ''} onChange={(e) => setFilter('from', e.currentTarget.value)} />
      <TextInput label="To" type="date" value={query.to ?? ''} onChange={(e) => setFilter('to', e.currentTarget.value)} />
      <Button onClick={() => state.setCreating(true)} data-testid="new-deal">
        New deal
      </Button>
    </Group>
  );
}
