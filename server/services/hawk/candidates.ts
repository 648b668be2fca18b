/**
 * Candidate firings of a pass and how they become firings exactly once: each candidate's key is
 * (subscription, subject, window); the keys are inserted with ON CONFLICT DO NOTHING, so whichever
 * evaluator inserts a key first fires it and every other one (or a re-run) skips it. The fired ones
 * are grouped per subscription and issuer, so many bonds of one issuer moving together make one
 * delivery.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { jsonRecordset } from '../pricing/packed';
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
  const list = [...byKey.entries()];
  const records = list.map(([key, c]) => {
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
      vals: c.trigger.vals,
      fired_at: new Date(c.at).toISOString(),
    };
  });
  // One JSON parameter for every candidate (pricing/packed.ts): thousands of rows of eleven
  // columns as bound parameters cost more to build and send than the insert itself.
  const { rows } = await sql<{ id: string; subscription_id: number; subject_key: string; window_key: string }>`
    insert into hawk_firings (subscription_id, user_id, kind, subject_key, window_key, bond_id, issuer_id, deal_id, message, vals, fired_at)
    select ${sql.raw(FIRING_COLUMNS.map(([name]) => `x.${name}`).join(', '))} from ${jsonRecordset(records, FIRING_COLUMNS)}
    on conflict (subscription_id, subject_key, window_key) do nothing
    returning id, subscription_id, subject_key, window_key`.execute(trx);
  return rows.map((r) => ({ id: String(r.id), c: byKey.get(`${r.subscription_id}|${r.subject_key}|${r.window_key}`)! }));
}

const FIRING_COLUMNS = [
  ['subscription_id', 'int4'],
  ['user_id', 'text'],
  ['kind', 'text'],
  ['subject_key', 'text'],
  ['window_key', 'text'],
  ['bond_id', 'int4'],
  ['issuer_id', 'int4'],
  ['deal_id', 'int4'],
  ['message', 'text'],
  ['vals', 'jsonb'],
  ['fired_at', 'timestamptz'],
] as const;

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
