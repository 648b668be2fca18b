/**
 * The run log and resume points of the public market-data sources (FINRA, the Treasury, EDGAR):
 * one row per source and dataset in `source_states`.
 *
 * A loader saves its cursor in the same transaction as the rows that cursor covers, so a stop or
 * a crash resumes exactly after the last committed page and nothing is loaded twice. The run
 * record (start, end, rows, error, data-through date) is written once a run ends, and the admin
 * system page reads it back through listSourceStates.
 */
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** The database or a caller's open transaction (the cursor goes in with the rows it covers). */
type Db = Kysely<Database> | Transaction<Database>;

/** One source's dataset as the admin sees it. */
export interface SourceState {
  source: string;
  dataset: string;
  /** Where the next run resumes (the source's own text), null before the first page. */
  cursor: string | null;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  /** Rows loaded by the last run, and by every run together. */
  lastRows: number;
  totalRows: number;
  /** The last run's error; null when it succeeded. */
  lastError: string | null;
  /** The latest market date loaded (YYYY-MM-DD), null before any. */
  dataThrough: string | null;
  runs: number;
  failures: number;
}

export interface SourceRun {
  source: string;
  dataset: string;
  startedAt: Date;
  finishedAt: Date;
  rows: number;
  error: string | null;
  /** The latest market date the run loaded; null keeps what an earlier run recorded. */
  dataThrough: string | null;
}

/** The resume point of a source's dataset, or null when it never saved one. */
export async function readCursor(db: Db, source: string, dataset: string): Promise<string | null> {
  const row = await db
    .selectFrom('source_states')
    .select('cursor')
    .where('source', '=', source)
    .where('dataset', '=', dataset)
    .executeTakeFirst();
  return row?.cursor ?? null;
}

/** Saves the resume point at `now` (the app's clock); pass the transaction that writes the rows it covers. */
export async function saveCursor(db: Db, source: string, dataset: string, cursor: string, now: Date): Promise<void> {
  await db
    .insertInto('source_states')
    .values({ source, dataset, cursor, updated_at: now })
    .onConflict((oc) => oc.columns(['source', 'dataset']).doUpdateSet({ cursor, updated_at: now }))
    .execute();
}

/**
 * Records a finished run (successful or not): its times, the rows it loaded (added to the total),
 * its error, and the data-through date when it has one (a run that found nothing new keeps the
 * earlier date, so the lag the admin sees stays honest).
 */
export async function recordSourceRun(db: Db, run: SourceRun): Promise<void> {
  const failed = run.error === null ? 0 : 1;
  await db
    .insertInto('source_states')
    .values({
      source: run.source,
      dataset: run.dataset,
      last_started_at: run.startedAt,
      last_finished_at: run.finishedAt,
      last_rows: run.rows,
      total_rows: run.rows,
      last_error: run.error,
      data_through: run.dataThrough,
      runs: 1,
      failures: failed,
      updated_at: run.finishedAt,
    })
    .onConflict((oc) =>
      oc.columns(['source', 'dataset']).doUpdateSet({
        last_started_at: run.startedAt,
        last_finished_at: run.finishedAt,
        last_rows: run.rows,
        total_rows: sql<string>`source_states.total_rows + ${run.rows}`,
        last_error: run.error,
        data_through: sql<string | null>`coalesce(${run.dataThrough}::date, source_states.data_through)`,
        runs: sql<string>`source_states.runs + 1`,
        failures: sql<string>`source_states.failures + ${failed}`,
        updated_at: run.finishedAt,
      }),
    )
    .execute();
}

/** Every source's datasets, by source then dataset. */
export async function listSourceStates(db: Db): Promise<SourceState[]> {
  const rows = await db
    .selectFrom('source_states')
    .select([
      'source',
      'dataset',
      'cursor',
      'last_started_at',
      'last_finished_at',
      'last_rows',
      'total_rows',
      'last_error',
      sql<string | null>`to_char(data_through, 'YYYY-MM-DD')`.as('data_through'),
      'runs',
      'failures',
    ])
    .orderBy('source')
    .orderBy('dataset')
    .execute();
  return rows.map((r) => ({
    source: r.source,
    dataset: r.dataset,
    cursor: r.cursor,
    lastStartedAt: r.last_started_at?.toISOString() ?? null,
    lastFinishedAt: r.last_finished_at?.toISOString() ?? null,
    lastRows: Number(r.last_rows),
    totalRows: Number(r.total_rows),
    lastError: r.last_error,
    dataThrough: r.data_through,
    runs: Number(r.runs),
    failures: Number(r.failures),
  }));
}
