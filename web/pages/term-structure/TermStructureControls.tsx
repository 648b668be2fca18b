import { Card, Group, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { averagedBy } from '../../components/market/weighting';
import { IssuerPicker } from './IssuerPicker';
import type { TermStructureChangeState } from './useTermStructureChange';

/** Scope (sector or issuer), metric and the two dates; the line under them names the closes used and the weighting. */
export function TermStructureControls({ state }: { state: TermStructureChangeState }) {
  const { metric, issuerId, issuerScope, sector, defaultSector, sectors, from, to, set, data, fromLabel, toLabel } = state;
  return (
    <Card withBorder padding="sm">
      <Group gap="xs" wrap="wrap" align="flex-end">
        <SegmentedControl
          size="xs"
          value={issuerId ? 'issuer' : 'sector'}
          data-testid="tsc-scope"
          onChange={(v) =>
            v === 'sector'
              ? set({ issuer: null, sector: sector ?? defaultSector }, 'push')
              : set({ sector: null, issuer: String(issuerId ?? '') }, 'push')
          }
          data={[
            { value: 'sector', label: 'Sector' },
            { value: 'issuer', label: 'Issuer' },
          ]}
        />
        {issuerScope ? (
          <IssuerPicker value={issuerId} onChange={(id) => set({ issuer: String(id), sector: null }, 'push')} />
        ) : (
          <Select
            size="xs"
            w={260}
            aria-label="Sector or industry"
            searchable
            allowDeselect={false}
            value={sector}
            data-testid="tsc-sector"
            onChange={(v) => v && set({ sector: v }, 'push')}
            data={(sectors.data?.sectors ?? []).map((s) => ({
              group: s.name,
              items: [{ value: s.code, label: `${s.name} (all)` }, ...s.industries.map((i) => ({ value: i.code, label: i.name }))],
            }))}
          />
        )}
        <SegmentedControl
          size="xs"
          value={metric}
          onChange={(v) => set({ metric: v })}
          data-testid="tsc-metric"
          data={[
            { value: 'spread', label: 'G-spread' },
            { value: 'yield', label: 'Yield' },
          ]}
        />
        <TextInput
          size="xs"
          type="date"
          label="From"
          value={from ?? data?.fromDate ?? ''}
          onChange={(e) => set({ from: e.currentTarget.value || null })}
          data-testid="tsc-from"
          w={150}
        />
        <TextInput
          size="xs"
          type="date"
          label="To"
          value={to ?? data?.toDate ?? ''}
          onChange={(e) => set({ to: e.currentTarget.value || null })}
          data-testid="tsc-to"
          w={150}
        />
        <Text size="xs" c="dimmed" data-testid="tsc-unit" data-weighting={data?.weighting}>
          Closes used: {fromLabel} → {toLabel}. Buckets by remaining maturity; levels {averagedBy(data?.weighting)}.
        </Text>
      </Group>
    </Card>
  );
}
