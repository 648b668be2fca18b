import { describe, expect, it } from 'vitest';
import { hawkSubscriptionCreateBodySchema } from '@common/api/hawk';
import { bodyOf } from './ruleDraft';
import { createAlertLink, handoffFromParams } from '../../components/alertLink';
import { handoffDraft, handoffTarget } from './handoff';

/** What the subscription page reads from a link another page made. */
const open = (link: string) => handoffFromParams(new URL(link, 'http://x').searchParams);

describe('"create alert" links from other pages open the editor pre-filled', () => {
  it('a bond from the bond table’s row menu opens a price alert on that bond, which the API accepts as it stands', () => {
    const link = createAlertLink({ kind: 'bond', bondId: 42, label: 'ACME 5.25% 2031' });
    expect(link).toBe('/bw/alerts/subscriptions?bondId=42&label=ACME+5.25%25+2031');
    const h = open(link)!;
    expect(h).toEqual({ kind: 'bond', bondId: 42, label: 'ACME 5.25% 2031' });
    const draft = handoffDraft(h);
    expect(draft.target).toEqual({ kind: 'bond', bondId: 42 });
    expect(draft.rule).toEqual({ kind: 'level', metric: 'price', direction: 'above', level: 100 });
    const body = hawkSubscriptionCreateBodySchema.parse(bodyOf(draft));
    expect(body.target).toEqual({ kind: 'bond', bondId: 42 });
    expect(body.template).toBe('price-above');
  });

  it('an issuer from the issuer panel opens a block-trade alert on the issuer, and templates picked next stay on it', () => {
    const h = open(createAlertLink({ kind: 'issuer', issuerId: 7, label: 'Acme Corp (ACME)' }))!;
    expect(h).toEqual({ kind: 'issuer', issuerId: 7, label: 'Acme Corp (ACME)' });
    const draft = handoffDraft(h);
    expect(draft.rule).toMatchObject({ kind: 'tradeSize', minSize: 5_000_000 });
    expect(hawkSubscriptionCreateBodySchema.parse(bodyOf(draft)).target).toEqual({ kind: 'issuer', issuerId: 7 });
    expect(handoffTarget(h)).toEqual({ kind: 'issuer', issuerId: 7 });
  });

  it('a sector opens a new-deal alert on the market filtered to that sector (a sector is not a target of its own)', () => {
    const h = open(createAlertLink({ kind: 'sector', sector: 'FINL', label: 'Financials' }))!;
    expect(h).toEqual({ kind: 'sector', sector: 'FINL', label: 'Financials' });
    const body = hawkSubscriptionCreateBodySchema.parse(bodyOf(handoffDraft(h)));
    expect(body.rule).toEqual({ kind: 'newDeal', sector: 'FINL', ratingClass: null });
    expect(body.target).toEqual({ kind: 'market' });
    // Template buttons pressed afterwards start from their own targets.
    expect(handoffTarget(h)).toBeNull();
  });

  it('a link without a usable target opens nothing', () => {
    for (const q of ['', '?bondId=abc', '?bondId=0', '?bondId=-3', '?issuerId=1.5', '?sector=NOPE', '?sector=finl', '?label=x']) {
      expect(open(`/bw/alerts/subscriptions${q}`), q).toBeNull();
    }
  });

  it('a label longer than an alert name is cut to the name’s limit (80), and a blank one is no label', () => {
    expect(open(`/bw/alerts/subscriptions?bondId=1&label=${'x'.repeat(200)}`)!.label).toHaveLength(80);
    expect(open('/bw/alerts/subscriptions?bondId=1&label=%20%20')!.label).toBeUndefined();
  });
});
