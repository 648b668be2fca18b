import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { readCursor, saveCursor } from './sourceState';

/**
 * A fetcher's position in its source (the last day loaded): read at the start, saved as it goes,
 * in the transaction of the rows it covers when there is one.
 */
export interface CursorStore {
  read(): Promise<string | null>;
  save(db: Kysely<Database>, cursor: string): Promise<void>;
}

/** The cursor of a source's dataset in source_states, saved at the times of `now` (the app's clock). */
export function sourceCursor(db: Kysely<Database>, source: string, dataset: string, now: () => number): CursorStore {
  return {
    read: () => readCursor(db, source, dataset),
    save: (trx, cursor) => saveCursor(trx, source, dataset, cursor, new Date(now())),
  };
}
