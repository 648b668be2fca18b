import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { CsvError, type InfoRecord, type Options, parse } from 'csv-parse';
import { FileFormatError } from './report';

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

/** Longest CSV record accepted, in characters (a bond reference row is under 1,000). */
const MAX_RECORD_CHARS = 100_000;

/** One CSV record with the file line it starts on (a quoted field may run over several lines). */
export interface CsvRecord {
  number: number;
  fields: string[];
}

/**
 * Streams the records of a CSV file through csv-parse (RFC 4180: quoted fields may hold commas,
 * doubled quotes and line breaks), in constant memory with backpressure. Strips a UTF-8
 * byte-order mark, accepts CRLF and LF (even mixed), keeps blank lines as records (callers skip
 * them) so every record knows its line, and tolerates a stray quote inside an unquoted field. A
 * quote that is never closed, or other broken quoting, is a {@link FileFormatError} naming the line.
 */
export async function* readCsvRecords(input: AsyncIterable<Buffer | string>): AsyncGenerator<CsvRecord> {
  // Lines are counted as the parser goes (on_record runs for every record as it is parsed, ahead
  // of what the consumer has read): a record starts on the line after the previous one ended,
  // and a parse error belongs to the record after the last complete one.
  let parsedThrough = 0;
  const parser = Readable.from(input).pipe(
    parse({
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      // A quote left open would otherwise pull the rest of an upload into one field in memory.
      max_record_size: MAX_RECORD_CHARS,
      record_delimiter: ['\r\n', '\n'],
      // Typed by csv-parse as returning a row of the same type; a CsvRecord comes out instead.
      on_record: ((fields: string[], context: InfoRecord): CsvRecord => {
        const record = { number: parsedThrough + 1, fields };
        parsedThrough = context.lines;
        return record;
      }) as unknown as Options['on_record'],
    }),
  );
  try {
    for await (const record of parser as AsyncIterable<CsvRecord>) yield record;
  } catch (err) {
    if (err instanceof CsvError) throw new FileFormatError(parsedThrough + 1, csvErrorText(err, parsedThrough + 1));
    throw err;
  }
}

function csvErrorText(err: CsvError, line: number): string {
  if (err.code === 'CSV_QUOTE_NOT_CLOSED' || err.code === 'CSV_MAX_RECORD_SIZE') {
    return `line ${line}: a quoted field is never closed (a missing " makes the rest of the file one field)`;
  }
  return `line ${line}: the CSV quoting is broken (${err.message})`;
}

/** True for a record with nothing but blanks in it. */
export function isBlankRecord(fields: readonly string[]): boolean {
  return fields.every((f) => f.trim() === '');
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
