import { Checkbox, Group, Select, TextInput } from '@mantine/core';
import { HAWK_CHANNELS } from '@common/api/hawk';
import { Num } from './Num';
import type { Draft } from './ruleDraft';
import { CHANNEL_LABELS, expiryOf, FREQUENCY_OPTIONS } from './ruleEditorView';
import type { RuleEditorState } from './useRuleEditor';

/** How an alert fires and reaches the person: how often, until when, and on which channels. */
export function RuleDeliveryFields({ state }: { state: RuleEditorState }) {
  const { draft, update } = state;
  return (
    <>
      <Group align="end">
        <Select
          label="How often"
          allowDeselect={false}
          data={FREQUENCY_OPTIONS}
          value={draft.frequency.type}
          onChange={(v) =>
            v && update({ frequency: { type: v as Draft['frequency']['type'], cooldownMinutes: draft.frequency.cooldownMinutes ?? 30 } })
          }
          w={220}
          data-testid="hawk-frequency"
        />
        {draft.frequency.type === 'every' && (
          <Num
            label="Cool-down (min)"
            value={draft.frequency.cooldownMinutes}
            onChange={(v) => update({ frequency: { type: 'every', cooldownMinutes: v ?? 0 } })}
            testId="hawk-cooldown"
          />
        )}
        <TextInput
          label="Expires (optional)"
          type="date"
          value={draft.expiresAt ? draft.expiresAt.slice(0, 10) : ''}
          onChange={(e) => update({ expiresAt: expiryOf(e.currentTarget.value) })}
          w={180}
        />
      </Group>
      <Checkbox.Group label="Channels" value={draft.channels} onChange={(v) => update({ channels: v })}>
        <Group mt={4}>
          {HAWK_CHANNELS.map((c) => (
            <Checkbox key={c} value={c} label={CHANNEL_LABELS[c]} data-testid={`hawk-channel-${c}`} />
          ))}
        </Group>
      </Checkbox.Group>
    </>
  );
}
