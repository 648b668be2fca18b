import { Group, Select } from '@mantine/core';
import type { HawkTargetKind } from '@common/api/hawk';
import { IssuerPicker } from '../../components/IssuerPicker';
import { BondPicker } from './BondPicker';
import { targetKindOptions } from './ruleEditorView';
import type { RuleEditorState } from './useRuleEditor';

/** What the alert is on: the target kinds the rule's kind allows, then the bond, issuer or table. */
export function RuleTargetFields({ state }: { state: RuleEditorState }) {
  const { draft, update, knownTarget, tables } = state;
  return (
    <Group align="end">
      <Select
        label="On"
        allowDeselect={false}
        data={targetKindOptions(state.allowed)}
        value={draft.target.kind}
        onChange={(k) => k && update({ target: { kind: k as HawkTargetKind } })}
        w={180}
        data-testid="hawk-target-kind"
      />
      {draft.target.kind === 'bond' && (
        <BondPicker
          value={draft.target.bondId ?? null}
          onChange={(bondId) => update({ target: { kind: 'bond', bondId } })}
          known={draft.target.bondId && knownTarget ? { id: draft.target.bondId, label: knownTarget } : null}
        />
      )}
      {draft.target.kind === 'issuer' && (
        <IssuerPicker
          value={draft.target.issuerId ? String(draft.target.issuerId) : null}
          onChange={(v) => update({ target: { kind: 'issuer', issuerId: v ? Number(v) : null } })}
          known={draft.target.issuerId && knownTarget ? { id: draft.target.issuerId, ticker: '', name: knownTarget } : null}
          testId="hawk-issuer-picker"
        />
      )}
      {draft.target.kind === 'table' && (
        <Select
          label="Custom table"
          allowDeselect={false}
          data={(tables.data?.tables ?? []).map((t) => ({ value: t.id, label: t.name }))}
          value={draft.target.tableId ?? null}
          onChange={(v) => update({ target: { kind: 'table', tableId: v } })}
          w={280}
        />
      )}
    </Group>
  );
}
