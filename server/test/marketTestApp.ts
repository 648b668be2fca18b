import { afterAll, beforeAll } from 'vitest';
import { insertTestUniverse, type TestUniverse } from '../services/market/queries/testUniverse';
import { createTestApp, signedIn, type TestContext } from './testApp';

export interface MarketTestApp {
  ctx: TestContext;
  /** The fixture universe (queries/testUniverse.ts). */
  u: TestUniverse;
  /** A signed-in user's Authorization header. */
  auth: { authorization: string };
  /** GET as that user. */
  get(url: string): ReturnType<TestContext['app']['inject']>;
}

/**
 * What every market API suite starts from: the real app on a fresh database holding the fixture
 * universe, and a signed-in user. Registers the suite's beforeAll/afterAll; the fields are set
 * once beforeAll has run.
 */
export function marketTestApp(universe: { bonds: number; historyDays?: number }): MarketTestApp {
  const m = {
    get: (url: string) => m.ctx.app.inject({ method: 'GET', url, headers: m.auth }),
  } as MarketTestApp;
  beforeAll(async () => {
    m.ctx = await createTestApp();
    m.u = await insertTestUniverse(m.ctx.database.db, universe);
    m.auth = await signedIn(m.ctx, 'user-1');
  });
  afterAll(() => m.ctx.close());
  return m;
}
