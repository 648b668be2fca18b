/**
 * The editor of one alert subscription: the rule in a desk's words (its fields change with the
 * kind), the target, how often it may fire, expiry and channels — and, once it is valid, a live
 * preview of how often it would have fired over the last 30 days (POST /v2/hawk/backtest).
 */
import { Alert, Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  HAWK_CHANNELS,
  HAWK_NAME_MAX_LENGTH,
  HAWK_RULE_KINDS,
  HAWK_TARGETS_BY_KIND,
  hawkSubscriptionCreateBodySchema,
  summarizeRule,
  type HawkTargetKind,
} from '@common/api/hawk';
import { IssuerPicker } from '../../components/IssuerPicker';
import { useApiQuery } from '../../api/queries';
import { BOND_TABLE_PATHS, type BondTableListResponse } from '@common/api/bondTables';
import { Preview } from './AlertBacktestPreview';
import { BondPicker } from './BondPicker';
import { bodyOf, type Draft, KIND_DEFAULTS, KIND_LABELS } from './ruleDraft';
import { useFeature } from '../../features/useFeature';
import { Num, RuleFields } from './RuleFields';

// The draft is its own module (pages that pre-fill the editor build one); kept importable from here.
export { bodyOf, type Draft } from './ruleDraft';

const CHANNEL_LABELS: Record<string, string> = { in_app: 'In app', push: 'Push', email: 'E-mail' };

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
  const [draft, setDraft] = useState<Draft>(initial);
  const spRatings = useFeature('s_and_p_ratings');
  const tables = useApiQuery<BondTableListResponse>(BOND_TABLE_PATHS.list);
  const allowed = HAWK_TARGETS_BY_KIND[draft.rule.kind];
  const setRule = (patch: Record<string, unknown>) => setDraft((d) => ({ ...d, rule: { ...d.rule, ...patch } }));
  const parsed = hawkSubscriptionCreateBodySchema.safeParse(bodyOf(draft));
  const summary = useMemo(
    () =>
      parsed.success
        ? summarizeRule(
            parsed.data.rule,
            knownTarget && draft.target.kind !== 'market'
              ? knownTarget
              : draft.target.kind === 'market'
                ? 'the market'
                : `the ${draft.target.kind}`,
            parsed.data.frequency,
          )
        : null,
    [parsed, draft.target.kind, knownTarget],
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (parsed.success) onSave(draft);
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name (optional)"
          value={draft.name}
          maxLength={HAWK_NAME_MAX_LENGTH}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          w={360}
          data-testid="hawk-name"
        />
        <Select
          label="Alert when"
          allowDeselect={false}
          data={HAWK_RULE_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k]! }))}
          value={draft.rule.kind}
          onChange={(k) => {
            if (!k) return;
            const kind = k as Draft['rule']['kind'];
            const targets = HAWK_TARGETS_BY_KIND[kind];
            setDraft((d) => ({
              ...d,
              // Without S&P ratings, a rating alert is on Moody's alone (the server refuses S&P's).
              rule: { kind, ...KIND_DEFAULTS[kind], ...(kind === 'rating' && !spRatings ? { agencies: ['moody'] } : {}) },
              target: targets.includes(d.target.kind) ? d.target : { kind: targets[0]! },
            }));
          }}
          w={300}
          data-testid="hawk-kind"
        />
        <RuleFields draft={draft} set={setRule} />
        <Group align="end">
          <Select
            label="On"
            allowDeselect={false}
            data={allowed.map((k) => ({ value: k, label: k === 'table' ? 'custom bond table' : k }))}
            value={draft.target.kind}
            onChange={(k) => k && setDraft({ ...draft, target: { kind: k as HawkTargetKind } })}
            w={180}
            data-testid="hawk-target-kind"
          />
          {draft.target.kind === 'bond' && (
            <BondPicker
              value={draft.target.bondId ?? null}
              onChange={(bondId) => setDraft({ ...draft, target: { kind: 'bond', bondId } })}
              known={draft.target.bondId && knownTarget ? { id: draft.target.bondId, label: knownTarget } : null}
            />
          )}
          {draft.target.kind === 'issuer' && (
            <IssuerPicker
              value={draft.target.issuerId ? String(draft.target.issuerId) : null}
              onChange={(v) => setDraft({ ...draft, target: { kind: 'issuer', issuerId: v ? Number(v) : null } })}
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
              onChange={(v) => setDraft({ ...draft, target: { kind: 'table', tableId: v } })}
              w={280}
            />
          )}
        </Group>
        <Group align="end">
          <Select
            label="How often"
            allowDeselect={false}
            data={[
              { value: 'once', label: 'Once' },
              { value: 'daily', label: 'Once per day' },
              { value: 'every', label: 'Every time (cool-down)' },
            ]}
            value={draft.frequency.type}
            onChange={(v) =>
              v &&
              setDraft({
                ...draft,
                frequency: { type: v as Draft['frequency']['type'], cooldownMinutes: draft.frequency.cooldownMinutes ?? 30 },
              })
            }
            w={220}
            data-testid="hawk-frequency"
          />
          {draft.frequency.type === 'every' && (
            <Num
              label="Cool-down (min)"
              value={draft.frequency.cooldownMinutes}
              onChange={(v) => setDraft({ ...draft, frequency: { type: 'every', cooldownMinutes: v ?? 0 } })}
              testId="hawk-cooldown"
            />
          )}
          <TextInput
            label="Expires (optional)"
            type="date"
            value={draft.expiresAt ? draft.expiresAt.slice(0, 10) : ''}
            onChange={(e) => setDraft({ ...draft, expiresAt: e.currentTarget.value ? `${e.currentTarget.value}T23:59:59Z` : null })}
            w={180}
          />
        </Group>
        <Checkbox.Group label="Channels" value={draft.channels} onChange={(v) => setDraft({ ...draft, channels: v })}>
          <Group mt={4}>
            {HAWK_CHANNELS.map((c) => (
              <Checkbox key={c} value={c} label={CHANNEL_LABELS[c]} data-testid={`hawk-channel-${c}`} />
            ))}
          </Group>
        </Checkbox.Group>
        {summary && (
          <Text size="sm" fw={500} data-testid="hawk-summary">
            {summary}
          </Text>
        )}
        <Preview draft={draft} />
        {error && (
          <Alert color="red" data-testid="hawk-save-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={busy} disabled={!parsed.success} data-testid="hawk-save">
            Save alert
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
