/**
 * Candidate firings of a pass and how they become firings exactly once: each candidate's key is
 * (subscription, subject, window); the keys are inserted with ON CONFLICT DO NOTHING, so whichever
 * evaluator inserts a key first fires it and every other one (or a re-run) skips it. The fired ones
 * are grouped per subscription and issuer, so many bonds of one issuer moving together make one
 * delivery.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { IndexedSubscription } from './ruleIndex';
import { subjectKeyOf, type Trigger, windowKeyOf } from './rules';

export interface Candidate {
  sub: IndexedSubscription;
  subject: string;
  at: number;
  bondId: number | null;
  issuerId: number | null;
  dealId: number | null;
  label: string | null;
  trigger: Trigger;
}

/** Collects a candidate (the pass drops those of subscriptions that expired since the index was built). */
export type AddCandidate = (sub: IndexedSubscription, c: Omit<Candidate, 'sub'>) => void;

export interface Fired {
  id: string;
  c: Candidate;
}

/** Inserts the candidates' keys; returns those this evaluator fired (the others were already taken). */
export async function insertFirings(trx: Kysely<Database>, candidates: Candidate[]): Promise<Fired[]> {
  if (candidates.length === 0) return [];
  const byKey = new Map<string, Candidate>();
  for (const c of candidates) {
    const key = `${c.sub.id}|${subjectKeyOf(c.sub.frequency, c.subject)}|${windowKeyOf(c.sub.frequency, c.at)}`;
    if (!byKey.has(key)) byKey.set(key, c);
  }
  const out: Fired[] = [];
  const list = [...byKey.entries()];
  for (let i = 0; i < list.length; i += 1000) {
    const chunk = list.slice(i, i + 1000);
    const rows = await trx
      .insertInto('hawk_firings')
      .values(
        chunk.map(([key, c]) => {
          const [, subject, window] = key.split('|');
          return {
            subscription_id: c.sub.id,
            user_id: c.sub.userId,
            kind: c.sub.rule.kind,
            subject_key: subject!,
            window_key: window!,
            bond_id: c.bondId,
            issuer_id: c.issuerId,
            deal_id: c.dealId,
            message: c.trigger.message,
            vals: JSON.stringify(c.trigger.vals),
            fired_at: new Date(c.at),
          };
        }),
      )
      .onConflict((oc) => oc.columns(['subscription_id', 'subject_key', 'window_key']).doNothing())
      .returning(['id', 'subscription_id', 'subject_key', 'window_key'])
      .execute();
    const chunkMap = new Map(chunk);
    for (const r of rows) out.push({ id: r.id, c: chunkMap.get(`${r.subscription_id}|${r.subject_key}|${r.window_key}`)! });
  }
  return out;
}

/** One group per subscription and issuer: what one notification or e-mail line block reports. */
export function groupFirings(fired: Fired[]): { sub: IndexedSubscription; firings: Fired[] }[] {
  const groups = new Map<string, { sub: IndexedSubscription; firings: Fired[] }>();
  for (const f of fired) {
    const key = `${f.c.sub.id}:${f.c.issuerId ?? '-'}`;
    const g = groups.get(key);
    if (g) g.firings.push(f);
    else groups.set(key, { sub: f.c.sub, firings: [f] });
  }
  return [...groups.values()];
}
