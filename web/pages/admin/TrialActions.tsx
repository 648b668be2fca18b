/** Extend one person's trial by some days, or convert it to a subscription (confirmed first). */
import { Button, Group, NumberInput, Select } from '@mantine/core';
import type { AdminUserRow } from '@common/api/adminUsers';
import { subscribeQuestion } from './trialLists';
import type { TrialListState } from './useTrialList';

export function TrialActions({ user: u, state }: { user: AdminUserRow; state: TrialListState }) {
  return (
    <Group gap={4} wrap="nowrap">
      <NumberInput
        size="xs"
        w={70}
        min={1}
        max={365}
        value={state.daysFor(u)}
        onChange={(v) => state.setDaysFor(u, Number(v))}
        aria-label={`Days to extend ${u.email}`}
      />
      <Button size="compact-xs" onClick={() => void state.extend(u)} data-testid={`trial-extend-${u.email}`}>
        Extend
      </Button>
      {!u.organization && (
        <Select
          size="xs"
          w={150}
          placeholder="Organisation"
          data={state.options}
          value={state.orgFor(u)}
          onChange={(v) => state.setOrgFor(u, v)}
          aria-label={`Organisation for ${u.email}`}
        />
      )}
      <Button
        size="compact-xs"
        variant="light"
        disabled={!u.organization && !state.orgFor(u)}
        onClick={() => window.confirm(subscribeQuestion(u)) && void state.subscribe(u)}
      >
        Convert to subscription
      </Button>
    </Group>
  );
}
