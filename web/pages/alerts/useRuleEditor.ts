import { useMemo, useState } from 'react';
import { HAWK_TARGETS_BY_KIND, hawkSubscriptionCreateBodySchema } from '@common/api/hawk';
import { BOND_TABLE_PATHS, type BondTableListResponse } from '@common/api/bondTables';
import { useApiQuery } from '../../api/queries';
import { useFeature } from '../../features/useFeature';
import { bodyOf, type Draft } from './ruleDraft';
import { ruleSummary, withKind } from './ruleEditorView';

/**
 * The editor's draft and what follows from it: the targets its kind allows, the custom tables a
 * table target picks from, whether the API schema accepts it, and the summary sentence.
 */
export function useRuleEditor(initial: Draft, knownTarget: string | undefined) {
  const [draft, setDraft] = useState<Draft>(initial);
  const spRatings = useFeature('s_and_p_ratings');
  const tables = useApiQuery<BondTableListResponse>(BOND_TABLE_PATHS.list);
  const parsed = hawkSubscriptionCreateBodySchema.safeParse(bodyOf(draft));
  const summary = useMemo(
    () => (parsed.success ? ruleSummary(parsed.data, draft.target.kind, knownTarget) : null),
    [parsed, draft.target.kind, knownTarget],
  );
  return {
    draft,
    knownTarget,
    tables,
    allowed: HAWK_TARGETS_BY_KIND[draft.rule.kind],
    valid: parsed.success,
    summary,
    /** Replaces some of the draft's top-level fields. */
    update: (patch: Partial<Draft>) => setDraft({ ...draft, ...patch }),
    setRule: (patch: Record<string, unknown>) => setDraft((d) => ({ ...d, rule: { ...d.rule, ...patch } })),
    setKind: (kind: Draft['rule']['kind']) => setDraft((d) => withKind(d, kind, spRatings)),
  };
}

export type RuleEditorState = ReturnType<typeof useRuleEditor>;
