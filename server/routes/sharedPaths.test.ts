import { readdirSync } from 'node:fs';
import { API_PATHS } from '@common/constants';
import { patternsOf } from '@common/api/path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/testApp';

const API_DIR = new URL('../../common/api/', import.meta.url);

/** Every pattern the shared paths objects hold: each resource's `…_PATHS` (and a lone `…_PATH`), and the shell's API_PATHS. */
async function sharedPatterns(): Promise<Set<string>> {
  const patterns = new Set(patternsOf(API_PATHS));
  for (const file of readdirSync(API_DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const module = (await import(new URL(file, API_DIR).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (name.endsWith('_PATHS') && typeof value === 'object' && value !== null)
        patternsOf(value as Record<string, unknown>).forEach((p) => patterns.add(p));
      if (name.endsWith('_PATH')) patternsOf({ [name]: value }).forEach((p) => patterns.add(p));
    }
  }
  return patterns;
}

describe('each route path is written once, in common/api, for the server and the client', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('every route the server registers is a shared pattern', async () => {
    const patterns = await sharedPatterns();
    const routes = ctx.app.routeInventory.filter((r) => !r.hidden && !r.url.startsWith('/api/docs'));
    expect(routes.length).toBeGreaterThan(50);
    const unshared = routes.filter((r) => !patterns.has(r.url)).map((r) => `${r.method} ${r.url}`);
    expect(unshared, 'register the path from common/api (`X_PATHS.name` or `X_PATHS.name.pattern`), not a literal').toEqual([]);
  });
});
