/**
 * Test helper: states a market-hawk rule through the real API, as the user whose headers are
 * given, firing every time it trips (one-minute cool-down), and returns its id.
 */
import { expect } from 'vitest';
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
