import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { createTestDatabase } from '../../../test/testDatabase';
import { HISTORY_SCAN_CONCURRENCY, cachedResult } from './common';

describe('history scans share the database politely', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('twenty different requests at once run at most HISTORY_SCAN_CONCURRENCY scans at a time, and all finish', async () => {
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const scan = (i: number) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => release.push(resolve));
      running--;
      return i;
    };
    const results = Promise.all(Array.from({ length: 20 }, (_, i) => cachedResult(database.db, `scan-test|${i}`, 60_000, scan(i))));
    // Let every waiting scan that may start, start; release them one by one.
    for (let done = 0; done < 20; done++) {
      await new Promise((r) => setImmediate(r));
      expect(release.length).toBeGreaterThan(0);
      release.shift()!();
    }
    expect(await results).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(HISTORY_SCAN_CONCURRENCY);
  });
});
