import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';

/**
 * Where the server logs. On a terminal in development, pino-pretty prints readable lines that
 * keep every structured field (request ids, job names, errors with stacks). Anything else — a
 * pipe, a file, production, or LOG_FORMAT=json — gets pino's JSON lines, one object a line, for
 * machines (the browser tests read the server's log file as JSON).
 */
export function logDestination(env: NodeJS.ProcessEnv = process.env, isTTY = Boolean(process.stdout.isTTY)): DestinationStream | undefined {
  if (!isTTY || env.NODE_ENV === 'production' || env.LOG_FORMAT === 'json') return undefined;
  return pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: false });
}
