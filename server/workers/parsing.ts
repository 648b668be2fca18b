import { availableParallelism } from 'node:os';
import type { RowReaders } from '../services/importers/rowParsers';
import { parseTermSheet, type TermSheetParse } from '../services/primary/edgar/fwpParser';
import type { ParseTasks } from './parseTasks';
import { WorkerPool } from './pool';

/**
 * Uploads are read on a parsing thread, off the HTTP event loop (issue 33: a 2 MB FWP upload held
 * it 1.8 s, every other request waiting). One thread per spare core, at least one; 32 uploads may
 * wait for one, more are refused (429) until some are read. One pool per process, started on
 * first use, idle threads never keep a process alive.
 */
let pool: WorkerPool<ParseTasks> | undefined;

function parsingPool(): WorkerPool<ParseTasks> {
  pool ??= new WorkerPool<ParseTasks>({
    entry: new URL('./parseThread.mjs', import.meta.url),
    size: Math.max(1, Math.min(4, availableParallelism() - 1)),
    queued: 32,
    busyMessage: 'The server is busy reading other uploads: try again in a minute',
  });
  return pool;
}

/**
 * Sheets up to this many characters are read where they are: a typical term sheet (tens of
 * kilobytes) takes milliseconds, less than handing it to a thread (and starting one, in a
 * one-off command). Past it the time grows with the text (2 MB took 1.8 s).
 */
export const INLINE_TERM_SHEET_CHARS = 32 * 1024;

/** parseTermSheet (fwpParser.ts) on the parsing thread: the same answer, the event loop free meanwhile. */
export function parseTermSheetOnThread(source: string, contentType?: 'html' | 'text'): Promise<TermSheetParse> {
  return parsingPool().run('termSheet', source, contentType);
}

/** parseTermSheet for a request or a job: a large sheet on the parsing thread, a small one at once. */
export async function parseTermSheetOffThread(source: string, contentType?: 'html' | 'text'): Promise<TermSheetParse> {
  if (typeof source !== 'string' || source.length <= INLINE_TERM_SHEET_CHARS) return parseTermSheet(source, contentType);
  return parseTermSheetOnThread(source, contentType);
}

/** Tasks the parsing threads have answered in this process (what a test reads to see the work left). */
export const parsingThreadTasksDone = (): number => pool?.tasksDone ?? 0;

/**
 * One batch of an import's rows read on the parsing thread (server/services/importers/rowParsers.ts):
 * the same readings as in place, the event loop free meanwhile. The importers send their rows
 * here once an upload has passed ImportOptions.inlineParseBytes.
 */
export function readRowsOnThread<K extends keyof RowReaders & string>(
  reader: K,
  ...args: Parameters<RowReaders[K]>
): Promise<ReturnType<RowReaders[K]>> {
  return parsingPool().run(reader, ...args) as Promise<ReturnType<RowReaders[K]>>;
}
