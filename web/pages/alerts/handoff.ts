/**
 * The rule editor's first draft for a target another page handed over in a "create alert" link
 * (components/alertLink.ts), and the drafts the template buttons start from.
 */
import { HAWK_TEMPLATES } from '@common/api/hawk';
import type { AlertHandoff } from '../../components/alertLink';
import type { Draft } from './ruleDraft';

/** The bond or issuer target a handoff gives the template buttons (a sector gives none). */
export function handoffTarget(h: AlertHandoff | null): Draft['target'] | null {
  if (h?.kind === 'bond') return { kind: 'bond', bondId: h.bondId };
  if (h?.kind === 'issuer') return { kind: 'issuer', issuerId: h.issuerId };
  return null;
}

/** A new alert's draft from a template, on the handed target when the template's rule takes one. */
export function draftFromTemplate(id: string, target: Draft['target'] | null): Draft {
  const t = HAWK_TEMPLATES.find((x) => x.id === id) ?? HAWK_TEMPLATES[0]!;
  return {
    name: '',
    template: t.id,
    rule: { ...t.rule } as Draft['rule'],
    target: target && t.targetKind !== 'market' ? target : { kind: t.targetKind },
    frequency: { ...t.frequency },
    expiresAt: null,
    channels: ['in_app'],
    paused: false,
  };
}

/** The first draft the editor opens with: a price level on a bond, block trades of an issuer, new deals in a sector. */
export function handoffDraft(h: AlertHandoff): Draft {
  if (h.kind === 'bond') return draftFromTemplate('price-above', handoffTarget(h));
  if (h.kind === 'issuer') return draftFromTemplate('block-trade', handoffTarget(h));
  const deals = draftFromTemplate('new-deal', null);
  return { ...deals, rule: { ...deals.rule, kind: 'newDeal', sector: h.sector, ratingClass: null }, target: { kind: 'market' } };
}
