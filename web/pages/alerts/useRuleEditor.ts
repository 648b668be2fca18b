import { useMemo } from 'react';
import { HAWK_TARGETS_BY_KIND, hawkSubscriptionCreateBodySchema } from '@common/api/hawk';
import { BOND_TABLE_PATHS, type BondTableListResponse } from '@common/api/bondTables';
import { useApiQuery } from '../../api/queries';
import { useContractForm } from '../../components/forms/useContractForm';
import { useFeature } from '../../features/useFeature';
import { bodyOf, type Draft } from './ruleDraft';
import { ruleSummary, withKind } from './ruleEditorView';

/**
 * The editor's draft and what follows from it: the targets its kind allows, the custom tables a
 * table target picks from, whether the API schema accepts it, and the summary sentence. The draft
 * is a form on the subscription's contract, so what it refuses reads as the server's 400 would.
 */
export function useRuleEditor(initial: Draft, knownTarget: string | undefined) {
  const { form, formError, onSubmit } = useContractForm({
    schema: hawkSubscriptionCreateBodySchema,
    initialValues: initial,
    toBody: bodyOf,
    // The preview already says the draft's first refusal as it is typed, and Save waits for a valid
    // draft; a submit refused anyway says it on the error line, as no field shows its own.
    fieldOf: () => '',
  });
  const draft = form.values;
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
    /** A submit's refusal, for the form's error line. */
    formError,
    /** The form's onSubmit: the draft goes to `save` only once the contract takes its body. */
    submit: (save: (d: Draft) => void) => onSubmit(() => save(form.getValues())),
    /** Replaces some of the draft's top-level fields. */
    update: (patch: Partial<Draft>) => form.setValues(patch),
    // From the latest values, so two patches in one event both land.
    setRule: (patch: Record<string, unknown>) => form.setValues((d) => ({ rule: { ...(d.rule as Draft['rule']), ...patch } })),
    setKind: (kind: Draft['rule']['kind']) => form.setValues(withKind(form.getValues(), kind, spRatings)),
  };
}

export type RuleEditorState = ReturnType<typeof useRuleEditor>;
