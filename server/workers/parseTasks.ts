/**
 * The parsing thread's tasks (server/workers/parsing.ts runs them): reading an upload is CPU work
 * of up to seconds (a 2 MB FWP held the HTTP event loop 1.8 s), done here instead. Loaded by
 * parseThread.mjs in development and tests; bundled as dist/server/parseThread.mjs by `npm run build`.
 */
import { parseTermSheet } from '../services/primary/edgar/fwpParser';
import { serveTasks } from './threadTasks';

export const parseTasks = {
  termSheet: (source: string, contentType?: 'html' | 'text') => parseTermSheet(source, contentType),
};

export type ParseTasks = typeof parseTasks;

serveTasks(parseTasks);
