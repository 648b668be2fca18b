import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { HAWK_PATHS, type HawkSubscription } from '@common/api/hawk';
import { useApiMutation, useApiQuery } from '../../api/queries';
import { useNow } from '../../clock/clock';
import { handoffFromParams } from '../../components/alertLink';
import { draftFromTemplate, handoffDraft, handoffTarget } from './handoff';
import { hawkApi } from './hawkApi';
import { bodyOf, type Draft } from './ruleDraft';
import type { SubscriptionRow } from './SubscriptionsTable';
import { draftOf, status } from './subscriptionsView';

/**
 * The alert list and what the page does with it: the editor's open draft (a bond, issuer or sector
 * handed over in the URL opens it at once), saving, pausing and deleting alerts.
 */
export function useSubscriptions() {
  const now = useNow();
  const [params] = useSearchParams();
  const handoff = handoffFromParams(params);
  const handed = handoffTarget(handoff);
  // Coming back to the tab re-reads the list: the disable link may have been used in another browser.
  const list = useApiQuery<{ subscriptions: HawkSubscription[] }>(HAWK_PATHS.subscriptions, { refetchOnWindowFocus: 'always' });
  const [editing, setEditing] = useState<{ draft: Draft; id: number | null; label?: string | undefined } | null>(
    handoff ? { draft: handoffDraft(handoff), id: null, label: handoff.label } : null,
  );
  const [deleting, setDeleting] = useState<HawkSubscription | null>(null);
  const invalidates = [HAWK_PATHS.subscriptions];
  const save = useApiMutation(
    ({ draft, id }: { draft: Draft; id: number | null }) =>
      id === null ? hawkApi.create(bodyOf(draft)) : hawkApi.update(id, bodyOf(draft)),
    { invalidates, onDone: () => setEditing(null), fallback: 'Could not save the alert' },
  );
  const pause = useApiMutation((s: HawkSubscription) => hawkApi.update(s.id, { paused: !s.paused }), { invalidates });
  const remove = useApiMutation((s: HawkSubscription) => hawkApi.remove(s.id), { invalidates, onDone: () => setDeleting(null) });
  /** Opens the editor on a template, aimed at the handed-over target when the template takes its kind. */
  const startFromTemplate = (template: string) => {
    save.reset();
    const draft = draftFromTemplate(template, handed);
    setEditing({ draft, id: null, label: draft.target.kind === handed?.kind ? handoff?.label : undefined });
  };
  const rows = (subscriptions: HawkSubscription[]): SubscriptionRow[] =>
    subscriptions.map((sub) => ({
      sub,
      status: status(sub, now()),
      pausing: pause.busy && pause.variables?.id === sub.id,
      edit: () => {
        save.reset();
        setEditing({ draft: draftOf(sub), id: sub.id, label: sub.targetLabel });
      },
      pause: () => void pause.run(sub),
      remove: () => setDeleting(sub),
    }));
  return { list, rows, editing, setEditing, error: save.error, deleting, setDeleting, save, remove, startFromTemplate };
}

export type SubscriptionsState = ReturnType<typeof useSubscriptions>;
