import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { createTestDatabase } from '../../../test/testDatabase';
import { sourceCursor } from '../cursorStore';
import { readCursor } from '../sourceState';
import { type RecordedServer, answer, cutOff, failing, handClock, startRecordedServer } from '../recordedServer';
import { TREASURY_SOURCE, loadTreasuryCurve } from './treasuryLoader';

const ROOT = join(process.cwd(), 'samples/replay/treasury');
const FILE = '/resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv';
const recorded = (year: number) => readFileSync(join(ROOT, FILE, String(year), 'all'), 'utf8');

/** 28 Nov 2026, noon in New York. */
const NOW = Date.UTC(2026, 10, 28, 17);

describe('the Treasury daily par yield curve feed', () => {
  let database: DatabaseHandle;
  let server: RecordedServer;
  let clock: ReturnType<typeof handClock>;
  const load = (backfillYears = 2) =>
    loadTreasuryCurve(database.db, {
      baseUrl: server.baseUrl,
      clock,
      cursor: sourceCursor(database.db, TREASURY_SOURCE.source, TREASURY_SOURCE.dataset, () => clock.now()),
      backfillYears,
    });
  const points = async () =>
    (
      await sql<{ curve_date: string; tenor: string; yield: string }>`select to_char(curve_date, 'YYYY-MM-DD') as curve_date, tenor, yield
        from treasury_curve_points order by curve_date, tenor`.execute(database.db)
    ).rows.map((p) => ({ ...p, yield: Number(p.yield) }));
  const days = async () => new Set((await points()).map((p) => p.curve_date)).size;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    clock = handClock(NOW);
    server = await startRecordedServer(ROOT, clock.now);
    await database.db.deleteFrom('source_states').execute();
    await database.db.deleteFrom('treasury_curve_points').execute();
  });
  afterEach(() => server.close());

  it('backfills the years before this one on its first run, from the Treasury file of each year', async () => {
    const result = await load();
    // The recordings: 51 days of 2024 (1 Oct – 13 Dec), 118 of 2025 (2 Jan – 23 Jun); 2026 not there.
    expect(result).toMatchObject({ days: 169, dataThrough: '2025-06-23', years: [2024, 2025, 2026] });
    expect(await days()).toBe(169);
    expect(await readCursor(database.db, TREASURY_SOURCE.source, TREASURY_SOURCE.dataset)).toBe('2025-06-23');
    const all = await points();
    expect(all.find((p) => p.curve_date === '2024-10-01' && p.tenor === '10Y')?.yield).toBeCloseTo(0.0374, 10);
    expect(all.find((p) => p.curve_date === '2025-06-23' && p.tenor === '30Y')?.yield).toBeCloseTo(0.0487, 10);
    // The 6-week bill appears on 18 Feb 2025; before that its cell is blank and nothing is stored.
    expect(all.some((p) => p.curve_date === '2025-02-14' && p.tenor === '1.5M')).toBe(false);
    expect(all.find((p) => p.curve_date === '2025-02-18' && p.tenor === '1.5M')?.yield).toBeCloseTo(0.0441, 10);
    expect(server.requests.map((r) => r.path)).toEqual([`${FILE}/2024/all`, `${FILE}/2025/all`, `${FILE}/2026/all`]);
    expect(server.requests.every((r) => r.userAgent?.startsWith('Bondwise'))).toBe(true);
  });

  it('reads only from the year of its last day afterwards, and a file read again changes nothing', async () => {
    await load();
    const before = await database.db
      .selectFrom('treasury_curve_points')
      .select((eb) => eb.fn.max('updated_at').as('at'))
      .executeTakeFirst();
    const audits = await database.db.selectFrom('audit_log').select('id').where('action', '=', 'market.import.treasury').execute();
    server.requests.length = 0;

    const again = await load();
    expect(again).toMatchObject({ days: 0, dataThrough: '2025-06-23', years: [2025, 2026] });
    expect(server.requests.map((r) => r.path)).toEqual([`${FILE}/2025/all`, `${FILE}/2026/all`]);
    const after = await database.db
      .selectFrom('treasury_curve_points')
      .select((eb) => eb.fn.max('updated_at').as('at'))
      .executeTakeFirst();
    expect(after).toEqual(before);
    expect(await database.db.selectFrom('audit_log').select('id').where('action', '=', 'market.import.treasury').execute()).toHaveLength(
      audits.length,
    );
  });

  it('adds the day the Treasury published since, and only it', async () => {
    await load();
    const [header, ...rows] = recorded(2025).trimEnd().split('\n');
    const next = '06/24/2025,4.18,4.39,4.50,4.37,4.36,4.27,3.99,3.83,3.79,3.90,4.09,4.33,4.86,4.86';
    server.override(`${FILE}/2025/all`, answer([header, next, ...rows].join('\n') + '\n'));
    expect(await load()).toMatchObject({ days: 1, dataThrough: '2025-06-24' });
    expect(await days()).toBe(170);
    expect((await points()).find((p) => p.curve_date === '2025-06-24' && p.tenor === '10Y')?.yield).toBeCloseTo(0.0433, 10);
  });

  it('retries a busy server with growing waits on its clock, then loads', async () => {
    server.override(`${FILE}/2024/all`, failing(503, 2, answer(recorded(2024))));
    const result = await load();
    expect(result.days).toBe(169);
    expect(clock.sleeps).toEqual([1000, 2000]);
    expect(server.requests.filter((r) => r.path === `${FILE}/2024/all`)).toHaveLength(3);
  });

  it('refuses a file cut off before its end, retried and still cut off, and writes nothing of it', async () => {
    server.override(`${FILE}/2024/all`, cutOff(recorded(2024)));
    await expect(load()).rejects.toThrow(/2024\/all\?\S*: the response was cut off before its end .*gave up after 4 attempts/);
    expect(await days()).toBe(0);
    expect(await readCursor(database.db, TREASURY_SOURCE.source, TREASURY_SOURCE.dataset)).toBeNull();
  });

  it('refuses an error page served in place of the file, naming what it got', async () => {
    server.override(`${FILE}/2025/all`, answer('<!DOCTYPE html><html><head><title>Site maintenance</title></head></html>'));
    await expect(load()).rejects.toThrow(
      /the Treasury's 2025 yield curve file is not the par yield curve CSV: its first line is "<!DOCTYPE html>/,
    );
    // 2024 came first and stays loaded; the cursor stops at it, so the next run starts again at 2024's year.
    expect(await readCursor(database.db, TREASURY_SOURCE.source, TREASURY_SOURCE.dataset)).toBe('2024-12-13');
    expect(await days()).toBe(51);
  });

  it('refuses a year whose row cannot be read, naming the line, and keeps none of its days', async () => {
    const broken = recorded(2025).replace('06/20/2025,4.20,4.38', '06/20/2025,4.20,4.3x');
    server.override(`${FILE}/2025/all`, answer(broken));
    await expect(load()).rejects.toThrow(/the Treasury's 2025 yield curve file was refused, nothing of it was loaded: line 3: .*4\.3x/);
    expect((await points()).some((p) => p.curve_date.startsWith('2025'))).toBe(false);
  });
});
