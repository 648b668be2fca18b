/**
 * Test helpers for market-hawk rules, through the real API as the user whose headers are given:
 * a rule firing every time it trips (one-minute cool-down), and a custom table for a rule to target.
 */
import { expect } from 'vitest';
import { BOND_TABLE_PATHS, type BondTableCreateBody } from '../../../common/api/bondTables';
import type { HawkSubscriptionCreateBody } from '../../../common/api/hawk';
import type { TestContext } from '../../test/testApp';

export async function subscribeEveryMinute(
  ctx: TestContext,
  headers: Record<string, string>,
  body: HawkSubscriptionCreateBody,
): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v2/hawk/subscriptions',
    headers,
    payload: { frequency: { type: 'every', cooldownMinutes: 1 }, ...body } as object,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** Saves a custom bond table and returns its id. */
export async function saveBondTable(ctx: TestContext, headers: Record<string, string>, body: BondTableCreateBody): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: BOND_TABLE_PATHS.list, headers, payload: body as object });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
