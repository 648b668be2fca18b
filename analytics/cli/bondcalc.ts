/**
 * `bondcalc`: JSON lines in, JSON lines out (see docs/analytics.md and the contract's "CLI
 * contract"). One output line per input line, in order; a bad line yields `{"id","error"}` and
 * processing carries on. Whitespace-only lines are skipped.
 *
 * Streaming: stdin is consumed with async iteration, which only pulls the next chunk when the
 * previous one is processed, and output waits for stdout to drain; memory therefore stays
 * constant however long the input (only the longest single line must fit).
 *
 * This is the only analytics file allowed to use Node APIs.
 */
import { once } from 'node:events';
import { processLine } from '../jsonl';

const FLUSH_BYTES = 64 * 1024;

async function main(): Promise<void> {
  const out = process.stdout;
  process.stdin.setEncoding('utf8'); // decodes multi-byte characters split across chunks
  let pending = '';
  let buffer = '';
  /** Adds one line's result; true when the buffer was written and stdout asked us to wait. */
  const emit = (line: string): boolean => {
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line.trim() === '') return false;
    buffer += processLine(line) + '\n';
    if (buffer.length < FLUSH_BYTES) return false;
    const ok = out.write(buffer);
    buffer = '';
    return !ok;
  };
  let first = true;
  for await (const chunk of process.stdin as AsyncIterable<string>) {
    // A byte-order mark (files saved by some editors) is not part of the first JSON line.
    pending += first && chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk;
    first = false;
    let start = 0;
    let nl: number;
    // Synchronous per line: an await per line cost a promise and a microtask turn each; the
    // loop only yields when stdout's buffer is full.
    while ((nl = pending.indexOf('\n', start)) !== -1) {
      const full = emit(pending.slice(start, nl));
      start = nl + 1;
      if (full) await once(out, 'drain');
    }
    pending = pending.slice(start);
  }
  if (emit(pending)) await once(out, 'drain');
  if (buffer.length > 0) out.write(buffer);
}

main().catch((err: unknown) => {
  process.stderr.write(`bondcalc: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
