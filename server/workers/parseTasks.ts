/**
 * The parsing thread's tasks (server/workers/parsing.ts runs them): reading an upload — a term sheet,
 * the rows of a large TRACE, Treasury or bond file — is CPU work of up to seconds (a 2 MB FWP held the HTTP event loop 1.8 s), done here instead. Loaded by
 * parseThread.mjs in development and tests; bundled as dist/server/parseThread.mjs by `npm run build`.
 */
import { ROW_READERS } from '../services/importers/rowParsers';
import { parseTermSheet } from '../services/primary/edgar/fwpParser';
import { serveTasks } from './threadTasks';

export const parseTasks = {
  termSheet: (source: string, contentType?: 'html' | 'text') => parseTermSheet(source, contentType),
  // The CSV and TRACE importers' rows, a batch at a time (server/services/importers/rowParsers.ts).
  ...ROW_READERS,
};

export type ParseTasks = typeof parseTasks;

serveTasks(parseTasks);
