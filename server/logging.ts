import type { DestinationStream } from 'pino';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
const COLOURS: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[31m' };

/**
 * Human-readable log lines for a terminal (`npm start` by hand); pipes and files keep pino's
 * JSON lines for machines. LOG_FORMAT=json forces JSON on a terminal too.
 */
export function logDestination(): DestinationStream | undefined {
  if (!process.stdout.isTTY || process.env.LOG_FORMAT === 'json') return undefined;
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        process.stdout.write(line);
        return;
      }
      const level = Number(entry.level);
      const time = new Date(Number(entry.time)).toTimeString().slice(0, 8);
      const req = entry.req as { method?: string; url?: string } | undefined;
      const res = entry.res as { statusCode?: number } | undefined;
      let text = String(entry.msg ?? '');
      if (req?.method) text += ` ${req.method} ${req.url}`;
      if (res?.statusCode) text += ` ${res.statusCode} ${Math.round(Number(entry.responseTime ?? 0))} ms`;
      const err = entry.err as { message?: string; stack?: string } | undefined;
      if (err?.stack) text += `\n${err.stack}`;
      const colour = COLOURS[level] ?? '';
      process.stdout.write(`${time} ${colour}${LEVELS[level] ?? level}${colour ? '\x1b[0m' : ''} ${text}\n`);
    },
  };
}
