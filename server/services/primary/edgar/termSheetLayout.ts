/**
 * Groups a term sheet's labelled values into the offering's common fields and its tranches, for
 * the two layouts issuers use:
 * - a TABLE with one column per tranche: the label in the first column, each tranche's value in
 *   the next ones (a value spanning every column, e.g. the trade date, is common);
 * - REPEATED BLOCKS, one per tranche, each usually headed "3.950% Notes due 2031", with the common
 *   fields stated once, above or below them.
 * Values stay text here; termSheetValues.ts reads them.
 */
import type { DocBlock } from './documentBlocks';
import { fieldOfLabel, isCommonField, splitLabelledLine, type CommonField, type SheetField, type TrancheField } from './termSheetLabels';

export interface RawValue {
  /** The label as written, which can carry meaning (the agencies' order in "Ratings (Moody's / S&P)"). */
  label: string;
  text: string;
}

export interface RawTranche {
  title: string | null;
  fields: Partial<Record<TrancheField, RawValue>>;
}

export interface RawSheet {
  layout: 'table' | 'blocks';
  /** Every statement of each common field, so two that disagree can be reported. */
  common: Partial<Record<CommonField, RawValue[]>>;
  tranches: RawTranche[];
}

/** The fields that make a tranche: a block with none of them is not one. */
export const CORE_TRANCHE_FIELDS: readonly TrancheField[] = [
  'principalAmount',
  'maturityDate',
  'coupon',
  'priceToPublic',
  'yieldToMaturity',
];

/** Fields several labels contribute to (CUSIP and ISIN on two lines, make-whole and par call): stated again, they add. */
const GATHERED_FIELDS: ReadonlySet<TrancheField> = new Set(['redemption', 'cusipIsin']);

/** Deals have a handful of tranches; a table a million cells wide is garbage, read no further than this. */
const MAX_TRANCHE_COLUMNS = 50;

/** Garbage can run on for megabytes; no real value is this long. */
const MAX_VALUE_CHARS = 10_000;

/** "3.950% Senior Notes due 2031", "$750,000,000 Floating Rate Notes due May 15, 2028": a tranche's heading. */
export function isTrancheHeading(line: string): boolean {
  const text = line.trim();
  if (text.length > 120 || !/^(?:\$|US\$|\d|floating)/i.test(text)) return false;
  return /\b(?:notes|debentures|bonds)\s+due\s+(?:[a-z]+\.?\s+\d{1,2},?\s+)?\d{4}\W*$/i.test(text);
}

function append(value: RawValue, text: string): void {
  if (value.text.length >= MAX_VALUE_CHARS) return;
  value.text = (value.text === '' ? text : `${value.text}\n${text}`).slice(0, MAX_VALUE_CHARS);
}

const hasCoreField = (t: RawTranche) => CORE_TRANCHE_FIELDS.some((f) => t.fields[f] !== undefined);

class SheetAssembler {
  readonly common: Partial<Record<CommonField, RawValue[]>> = {};
  private readonly blockTranches: RawTranche[] = [];
  private readonly tableTranches: RawTranche[] = [];
  private current: RawTranche | null = null;
  /** The value that following unlabelled lines continue, until a blank line or another label. */
  private open: RawValue | null = null;
  /** Headings that turned out to head the whole sheet ("$500,000,000 4.250% Notes due 2029" above the issuer). */
  private readonly headlines: string[] = [];

  line(text: string): void {
    if (text.trim() === '') {
      if (this.open !== null && this.open.text !== '') this.open = null;
    } else if (isTrancheHeading(text)) {
      this.heading(text.trim());
    } else {
      const split = splitLabelledLine(text);
      if (split === null) {
        if (this.open !== null) append(this.open, text.trim());
      } else if (split.field === null) this.open = null;
      else this.field(split.field, split.label, split.value);
    }
  }

  table(rows: string[][]): void {
    const grid = tidyColumns(rows);
    if (isTrancheTable(grid)) {
      this.open = null;
      this.trancheTable(grid);
      return;
    }
    for (const row of grid) this.labelValueRow(row);
  }

  finish(): RawSheet {
    // A block with no core field states what applies to every tranche (e.g. interest dates above the blocks).
    const shared = this.blockTranches.filter((t) => !hasCoreField(t));
    const blocks = this.blockTranches.filter(hasCoreField);
    // Blocks without headings under a headline per tranche: the headlines name them, in order.
    if (blocks.length === this.headlines.length && blocks.every((t) => t.title === null))
      blocks.forEach((t, k) => (t.title = this.headlines[k]!));
    const tranches = [...this.tableTranches.filter(hasCoreField), ...blocks];
    for (const defaults of shared)
      for (const [field, value] of Object.entries(defaults.fields) as [TrancheField, RawValue][])
        for (const t of tranches) t.fields[field] ??= { ...value };
    return { layout: this.tableTranches.some(hasCoreField) ? 'table' : 'blocks', common: this.common, tranches };
  }

  private heading(heading: string): void {
    // "$750,000,000 4.700% Notes due 2036" names the tranche "4.700% Notes due 2036"; the amount has its own label.
    const title = heading.replace(/^(?:US)?\$\s?[\d,.]+\s?(?:million|billion)?\s+/i, '');
    const t = this.current;
    if (t === null || t.title !== null || Object.keys(t.fields).length > 0) this.startTranche(title);
    else t.title = title;
    this.open = null;
  }

  private startTranche(title: string | null): RawTranche {
    this.current = { title, fields: {} };
    this.blockTranches.push(this.current);
    return this.current;
  }

  private field(field: SheetField, label: string, text: string): void {
    const value: RawValue = { label, text: text.slice(0, MAX_VALUE_CHARS) };
    this.open = value;
    if (isCommonField(field)) {
      (this.common[field] ??= []).push(value);
      // A heading followed by a common field, not by its tranche's fields, heads the sheet: it ends no block's start.
      const t = this.current;
      if (t !== null && t.title !== null && Object.keys(t.fields).length === 0) {
        // The run of headings just read, taken off the end (not a scan of every block: hostile input repeats this).
        const run: string[] = [];
        const isHeadingOnly = (b: RawTranche | undefined): b is RawTranche & { title: string } =>
          b !== undefined && b.title !== null && Object.keys(b.fields).length === 0;
        for (let last = this.blockTranches.at(-1); isHeadingOnly(last); last = this.blockTranches.at(-1)) {
          run.push(last.title);
          this.blockTranches.pop();
        }
        for (const title of run.reverse()) this.headlines.push(title);
        this.current = null;
      }
      return;
    }
    let t = this.current ?? this.startTranche(null);
    if (field === 'title') {
      if (t.title !== null && Object.keys(t.fields).length > 0) t = this.startTranche(null);
      t.title = text.replace(/\s+/g, ' ');
      this.open = null;
      return;
    }
    const earlier = t.fields[field];
    if (earlier !== undefined && GATHERED_FIELDS.has(field)) {
      // The label can be the meaning ("Par Call: on or after …"), so it is kept with the text.
      append(earlier, `${label}: ${text}`);
      this.open = earlier;
      return;
    }
    // The same label again within a block with no headings: the next tranche's block has begun.
    if (earlier !== undefined) t = this.startTranche(null);
    t.fields[field] = value;
  }

  private labelValueRow(row: string[]): void {
    const label = row[0] ?? '';
    const rest = row.slice(1).filter((cell) => cell !== '');
    if (rest.length === 0 || label === '') {
      // A lone cell: a heading, a continuation, or a whole wrapped paragraph such as "Issuer: …".
      const lines = (label === '' ? rest.join('\n') : label).split('\n');
      for (const line of lines) this.line(line);
      if (label === '' && rest.length === 0) this.line('');
      return;
    }
    const field = fieldOfLabel(label);
    if (field !== null) this.field(field, label, rest.join('\n'));
    else if (isTrancheHeading(label)) this.heading(label);
    else this.open = null;
  }

  private trancheTable(grid: string[][]): void {
    const width = Math.min(
      grid.reduce((w, r) => Math.max(w, r.length), 0),
      MAX_TRANCHE_COLUMNS + 1,
    );
    const tranches: RawTranche[] = Array.from({ length: width - 1 }, () => ({ title: null, fields: {} }));
    let previous: TrancheField | null = null;
    let seenField = false;
    for (const row of grid) {
      const label = row[0] ?? '';
      const values = tranches.map((_, j) => row[j + 1] ?? '');
      if (label === '') {
        // Above the first label: the column headings. Below: a value running on to the next row.
        if (!seenField) values.forEach((v, j) => v !== '' && (tranches[j]!.title ??= v.replace(/\s+/g, ' ')));
        else if (previous !== null)
          values.forEach((v, j) => {
            const value = tranches[j]!.fields[previous!];
            if (v !== '' && value !== undefined) append(value, v);
          });
        continue;
      }
      const field = fieldOfLabel(label);
      previous = null;
      if (field === null) {
        // A heading row can have a word in the label column ("Terms").
        if (!seenField && values.filter(isTrancheHeading).length >= 2) values.forEach((v, j) => v !== '' && (tranches[j]!.title ??= v));
        continue;
      }
      seenField = true;
      if (field === 'title') values.forEach((v, j) => v !== '' && (tranches[j]!.title = v.replace(/\s+/g, ' ')));
      else if (isCommonField(field)) {
        for (const v of new Set(values.filter((v) => v !== ''))) (this.common[field] ??= []).push({ label, text: v });
      } else {
        values.forEach((v, j) => v !== '' && (tranches[j]!.fields[field] = { label, text: v.slice(0, MAX_VALUE_CHARS) }));
        previous = field;
      }
    }
    for (const t of tranches) this.tableTranches.push(t);
  }
}

/**
 * Cells made uniform: a lone "$" joins the amount after it, a lone "%" or ")" the number before,
 * a lone ":" goes; then columns empty in every row (spacers) are dropped, so each remaining
 * column after the first is one tranche.
 */
function tidyColumns(rows: string[][]): string[][] {
  const merged = rows.map((row) => {
    const cells = [...row];
    for (let c = 0; c < cells.length; c++) {
      const cell = cells[c]!;
      if ((cell === '$' || cell === 'US$') && (cells[c + 1] ?? '') !== '') {
        cells[c + 1] = cell + cells[c + 1]!;
        cells[c] = '';
      } else if ((cell === '%' || cell === ')') && c > 0 && cells[c - 1] !== '') {
        cells[c - 1] += cell;
        cells[c] = '';
      } else if (cell === ':') cells[c] = '';
    }
    return cells;
  });
  const width = merged.reduce((w, r) => Math.max(w, r.length), 0);
  const keep = Array.from({ length: width }, (_, c) => merged.some((r) => (r[c] ?? '') !== ''));
  return merged.map((r) => r.filter((_, c) => keep[c]));
}

/** One column per tranche: a tranche label with two values or more, or two tranche headings side by side. */
function isTrancheTable(grid: string[][]): boolean {
  return grid.some((row) => {
    const values = row.slice(1).filter((v) => v !== '');
    if (values.length < 2) return false;
    const label = row[0] ?? '';
    if (label === '') return values.filter(isTrancheHeading).length >= 2;
    const field = fieldOfLabel(label);
    return field !== null && !isCommonField(field);
  });
}

/** Reads the blocks of a document into its common fields and tranches. */
export function assembleSheet(blocks: readonly DocBlock[]): RawSheet {
  const assembler = new SheetAssembler();
  for (const block of blocks) {
    if (block.kind === 'line') assembler.line(block.text);
    else assembler.table(block.rows);
  }
  return assembler.finish();
}
