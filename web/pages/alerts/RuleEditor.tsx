/**
 * The editor of one alert subscription: the rule in a desk's words (its fields change with the
 * kind), the target, how often it may fire, expiry and channels — and, once it is valid, a live
 * preview of how often it would have fired over the last 30 days (POST /v2/hawk/backtest).
 */
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { HAWK_NAME_MAX_LENGTH, HAWK_RULE_KINDS } from '@common/api/hawk';
import { Preview } from './AlertBacktestPreview';
import { type Draft, KIND_LABELS } from './ruleDraft';
import { RuleDeliveryFields } from './RuleDeliveryFields';
import { RuleFields } from './RuleFields';
import { RuleTargetFields } from './RuleTargetFields';
import { useRuleEditor } from './useRuleEditor';

export function RuleEditor({
  initial,
  busy,
  error,
  onSave,
  knownTarget,
}: {
  initial: Draft;
  busy: boolean;
  error: string | null;
  onSave: (d: Draft) => void;
  knownTarget?: string | undefined;
}) {
  const state = useRuleEditor(initial, knownTarget);
  const { draft, update, summary, valid } = state;
  return (
    <form onSubmit={state.submit(onSave)}>
      <Stack gap="sm">
        <TextInput
          label="Name (optional)"
          value={draft.name}
          maxLength={HAWK_NAME_MAX_LENGTH}
          onChange={(e) => update({ name: e.currentTarget.value })}
          w={360}
          data-testid="hawk-name"
        />
        <Select
          label="Alert when"
          allowDeselect={false}
          data={HAWK_RULE_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k]! }))}
          value={draft.rule.kind}
          onChange={(k) => k && state.setKind(k as Draft['rule']['kind'])}
          w={300}
          data-testid="hawk-kind"
        />
        <RuleFields draft={draft} set={state.setRule} />
        <RuleTargetFields state={state} />
        <RuleDeliveryFields state={state} />
        {summary && (
          <Text size="sm" fw={500} data-testid="hawk-summary">
            {summary}
          </Text>
        )}
        <Preview draft={draft} />
        {(error ?? state.formError) && (
          <Alert color="red" data-testid="hawk-save-error">
            {error ?? state.formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={busy} disabled={!valid} data-testid="hawk-save">
            Save alert
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
