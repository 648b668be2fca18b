import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';

/** One physical line of an input file with its 1-based line number (the header is line 1). */
export interface NumberedLine {
  number: number;
  text: string;
}

/**
 * Streams the lines of a text file. Reads the stream chunk by chunk (the next chunk is pulled only
 * when the caller asks for the next line), so a file of any size is read in constant memory and
 * slow database writes apply backpressure to the upload. Strips a UTF-8 byte-order mark and CR
 * before LF; a last line without a newline is still returned.
 */
export async function* readLines(input: Readable | AsyncIterable<Buffer | string>): AsyncGenerator<NumberedLine> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let number = 0;
  let first = true;
  const emit = (raw: string): NumberedLine => {
    number += 1;
    let text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (first) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    return { number, text };
  };
  for await (const chunk of input) {
    pending += typeof chunk === 'string' ? chunk : decoder.write(chunk);
    let start = 0;
    let newline = pending.indexOf('\n', start);
    while (newline !== -1) {
      yield emit(pending.slice(start, newline));
      start = newline + 1;
      newline = pending.indexOf('\n', start);
    }
    pending = pending.slice(start);
  }
  pending += decoder.end();
  if (pending.length > 0) yield emit(pending);
}

/**
 * Splits one CSV line (RFC 4180 quoting: "a,b" and doubled quotes inside quotes). Fields are not
 * trimmed here; callers trim where the format allows padding.
 */
export function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const fields: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (line[i + 1] === '"') {
          field += '"';
          i += 1;
        } else inQuotes = false;
      } else field += ch;
    } else if (ch === '"') inQuotes = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

/** Header names compared loosely: case, spaces, underscores, dots and slashes do not matter. */
export function normalizeHeader(name: string): string {
  return name
    .trim()
    .replace(/^"|"$/g, '')
    .toLowerCase()
    .replace(/[\s_./-]+/g, '');
}

/** True for a line with nothing but separators and spaces (trailing blank lines are ignored). */
export function isBlankLine(text: string): boolean {
  return /^[\s,|]*$/.test(text);
}
