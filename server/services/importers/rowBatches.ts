import type { ParsedRow } from './rowParsers';

/** Rows read per batch: a thread's task is worth its hand-over, and a batch stays small in memory. */
export const ROW_BATCH = 2_000;

/**
 * Reads the rows of an import in batches of ROW_BATCH with `read` — in place, or on the parsing
 * thread when `onThread()` says so at the batch's start (the upload has grown past its
 * threshold) — and hands them on in file order with their reading. Items `skip` names (blank
 * lines) are dropped unread. The next batch is gathered only when the importer has written the
 * last, so the upload still waits for the database (backpressure).
 */
export async function* readInBatches<In, Out>(
  items: AsyncIterable<In>,
  skip: (item: In) => boolean,
  read: (batch: In[], onThread: boolean) => ParsedRow<Out>[] | Promise<ParsedRow<Out>[]>,
  onThread: () => boolean,
): AsyncGenerator<{ item: In; parsed: ParsedRow<Out> }> {
  let batch: In[] = [];
  const drain = async function* () {
    const rows = batch;
    batch = [];
    const parsed = await read(rows, onThread());
    for (let i = 0; i < rows.length; i++) yield { item: rows[i]!, parsed: parsed[i]! };
  };
  for await (const item of items) {
    if (skip(item)) continue;
    batch.push(item);
    if (batch.length >= ROW_BATCH) yield* drain();
  }
  if (batch.length > 0) yield* drain();
}
