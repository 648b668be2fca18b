import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { createTestDatabase } from '../../../test/testDatabase';
import { useMarketClock } from '../../market/queries/marketClock';
import { readCursor } from '../sourceState';
import { REPLAY_NOW, type ReplayServers, startReplayServers } from '../testReplayMarket';
import { CLOSES_DATASET } from './closes';
import { FINRA_SOURCE } from './writer';

/**
 * A crash while the closes of a chunk of days are struck (closes.ts), on the replayed FINRA data
 * served by the recorded-response server and loaded by the real loaders into a real database.
 * A first refresh (on the morning of 18 Sep) closes 15–17 Sep and saves the cursor; the next
 * (24 Sep) strikes 18–23 Sep as one chunk and crashes there, once with the write of the closes
 * failing, once after they are written but before the cursor moves. Resumed from the cursor, the
 * closes must be exactly those of a load that never crashed (nothing lost), one per bond and day,
 * and no day before the cursor is struck again (nothing loaded twice).
 */
const DAYS = ['2026-09-15', '2026-09-16', '2026-09-17', '2026-09-18', '2026-09-21', '2026-09-22', '2026-09-23'];

describe('a crash mid-chunk while closes are struck on replayed FINRA data, resumed from the cursor', () => {
  let database: DatabaseHandle;
  let replay: ReplayServers;
  /** The closes of a load that never crashed, as `snapshot` lists them. */
  let reference: string[];

  const loadCurve = (db: DatabaseHandle['db']) => replay.loadCurve(db);
  const refresh = (db: DatabaseHandle['db'], today: string) => replay.loadFinra(db, today);
  /** Every stored close, all its fields, one line each. */
  const snapshot = async (db: DatabaseHandle['db']) =>
    (
      await sql<{ line: string }>`
        select concat_ws(' ', b.cusip, ep.price_date::text, ep.as_of::text, ep.clean_price::text, ep.yield::text,
          ep.g_spread_bp::text, ep.confidence::text, ep.inputs::text) as line
        from evaluated_prices ep join bonds b on b.id = ep.bond_id where ep.kind = 'eod' order by b.cusip, ep.price_date`.execute(db)
    ).rows.map((r) => r.line);
  const closesThrough = async () => JSON.parse((await readCursor(database.db, FINRA_SOURCE, CLOSES_DATASET))!) as { through: string };
  /** Days of the closes written (inserted or updated) since the log was last cleared. */
  const daysWritten = async () =>
    (await sql<{ d: string }>`select distinct price_date::text as d from close_writes order by 1`.execute(database.db)).rows.map(
      (r) => r.d,
    );
  /** Each close written, counted by bond and day, from the crashed attempt on. */
  const writesPerClose = async () =>
    (await sql<{ n: string }>`select count(*) as n from close_writes group by bond_id, price_date`.execute(database.db)).rows.map((r) =>
      Number(r.n),
    );

  beforeAll(async () => {
    replay = await startReplayServers();
    const clean = await createTestDatabase();
    try {
      useMarketClock(clean.db, () => REPLAY_NOW);
      await loadCurve(clean.db);
      await refresh(clean.db, '2026-09-24');
      reference = await snapshot(clean.db);
    } finally {
      await clean.close();
    }
    // Every business day from the first history print (15 Sep) through the last one loaded (23 Sep).
    expect([...new Set(reference.map((line) => line.split(' ')[1]))].sort()).toEqual(DAYS);
  }, 120_000);
  afterAll(() => replay?.close());

  beforeEach(async () => {
    database = await createTestDatabase();
    useMarketClock(database.db, () => REPLAY_NOW);
    await loadCurve(database.db);
    await refresh(database.db, '2026-09-18');
    expect(await closesThrough()).toEqual({ through: '2026-09-17' });
    // Every write of a close is logged from here on, by the database itself.
    await sql`create table close_writes (bond_id int, price_date date)`.execute(database.db);
    await sql`create function log_close_write() returns trigger language plpgsql as $$
      begin
        if new.kind = 'eod' then insert into close_writes values (new.bond_id, new.price_date); end if;
        return new;
      end $$`.execute(database.db);
    await sql`create trigger log_close_write after insert or update on evaluated_prices
      for each row execute function log_close_write()`.execute(database.db);
  }, 120_000);
  afterEach(() => database.close());

  it('the writer failing in the chunk loses nothing: the resumed load strikes the chunk once, as if nothing had happened', async () => {
    const before = await snapshot(database.db);
    // The database refuses the close of 22 Sep, in the middle of the chunk 18–23 Sep.
    await sql`create function refuse_close() returns trigger language plpgsql as $$
      begin
        if new.kind = 'eod' and new.price_date = date '2026-09-22' then raise exception 'disk full (staged)'; end if;
        return new;
      end $$`.execute(database.db);
    await sql`create trigger refuse_close before insert or update on evaluated_prices
      for each row execute function refuse_close()`.execute(database.db);
    await expect(refresh(database.db, '2026-09-24')).rejects.toThrow(/disk full \(staged\)/);
    // The chunk's closes are one statement: none of them stayed, and the cursor did not move.
    expect(await snapshot(database.db)).toEqual(before);
    expect(await closesThrough()).toEqual({ through: '2026-09-17' });

    await sql`drop trigger refuse_close on evaluated_prices`.execute(database.db);
    await refresh(database.db, '2026-09-24');
    expect(await snapshot(database.db)).toEqual(reference);
    expect(await closesThrough()).toEqual({ through: '2026-09-23' });
    expect(await daysWritten()).toEqual(DAYS.slice(3));
    expect(new Set(await writesPerClose())).toEqual(new Set([1]));
  });

  it('stopped between the write and the cursor, the resumed load rewrites only that chunk, to the same closes', async () => {
    // The closes of 18–23 Sep are written, then the process stops before the cursor is saved.
    await sql`create function refuse_cursor() returns trigger language plpgsql as $$
      begin
        if new.dataset = ${sql.lit(CLOSES_DATASET)} and new.cursor is distinct from old.cursor then raise exception 'killed (staged)'; end if;
        return new;
      end $$`.execute(database.db);
    await sql`create trigger refuse_cursor before update on source_states for each row execute function refuse_cursor()`.execute(
      database.db,
    );
    await expect(refresh(database.db, '2026-09-24')).rejects.toThrow(/killed \(staged\)/);
    expect(await snapshot(database.db)).toEqual(reference);
    expect(await closesThrough()).toEqual({ through: '2026-09-17' });

    await sql`drop trigger refuse_cursor on source_states`.execute(database.db);
    await sql`delete from close_writes`.execute(database.db);
    await refresh(database.db, '2026-09-24');
    // The chunk the cursor had not passed is struck again (an upsert, to the same values); the
    // days before the cursor are not touched.
    expect(await snapshot(database.db)).toEqual(reference);
    expect(await closesThrough()).toEqual({ through: '2026-09-23' });
    expect(await daysWritten()).toEqual(DAYS.slice(3));
    expect(new Set(await writesPerClose())).toEqual(new Set([1]));
  });
});
